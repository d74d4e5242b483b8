"use client";

import { useEffect, useRef } from "react";
import { toast } from "@/components/ui/toast";
import type { KitchenTicket } from "@/lib/orders/kitchen-rules";
import { playChime, unlockSound } from "@/components/kitchen/chime";
import { useSoundSetting } from "@/components/kitchen/use-sound-setting";

/**
 * Tells the kitchen when a new order reaches the display (a pending ticket it has not shown
 * before): a toast, which screen readers hear too, and the chime if sound is on and the tab is in
 * view. Not for the orders already there when the page opened.
 */
export function useNewOrderAlerts(tickets: readonly KitchenTicket[]): void {
  const [soundOn] = useSoundSetting();
  const seen = useRef<ReadonlySet<string> | null>(null);

  useEffect(() => {
    const before = seen.current;
    seen.current = new Set(tickets.map((t) => t.id));
    if (!before) return;
    const arrived = tickets.filter((t) => t.status === "pending" && !before.has(t.id));
    if (arrived.length === 0) return;
    const [first] = arrived;
    toast.info(arrived.length === 1 ? `New order #${first.code} for ${first.customer}` : `${arrived.length} new orders`);
    if (soundOn && document.visibilityState === "visible") playChime();
  }, [tickets, soundOn]);

  // After a reload with sound on, the browser holds sound back until the first tap or key press.
  useEffect(() => {
    if (!soundOn) return;
    const unlock = () => void unlockSound();
    const events = ["pointerdown", "keydown"] as const;
    events.forEach((e) => document.addEventListener(e, unlock, { once: true, capture: true }));
    return () => events.forEach((e) => document.removeEventListener(e, unlock, { capture: true }));
  }, [soundOn]);
}
