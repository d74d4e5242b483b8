"use client";

import { useEffect, useRef } from "react";
import type { KitchenTicket } from "@/lib/orders/kitchen-rules";
import { playChime, unlockSound } from "@/components/kitchen/chime";
import { useSoundSetting } from "@/components/kitchen/use-sound-setting";

/**
 * Chimes when a new order reaches the display (a pending ticket it has not shown before), if
 * the kitchen turned sound on and the tab is in view. Not for the orders already there when the
 * page opened.
 */
export function useNewOrderChime(tickets: readonly KitchenTicket[]): void {
  const [soundOn] = useSoundSetting();
  const seen = useRef<ReadonlySet<string> | null>(null);

  useEffect(() => {
    const before = seen.current;
    seen.current = new Set(tickets.map((t) => t.id));
    if (!before || !soundOn || document.visibilityState !== "visible") return;
    if (tickets.some((t) => t.status === "pending" && !before.has(t.id))) playChime();
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
