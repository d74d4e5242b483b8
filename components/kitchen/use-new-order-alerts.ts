"use client";

import { useCallback, useEffect } from "react";
import { toast } from "@/components/ui/toast";
import type { KitchenTicket } from "@/lib/orders/kitchen-rules";
import { playChime, unlockSound } from "@/components/kitchen/chime";
import { useSoundSetting } from "@/components/kitchen/use-sound-setting";

/**
 * Tells the kitchen when new orders reach the display (whether or not their column has room to
 * show them): a toast, which screen readers hear too, and the chime if sound is on and the tab
 * is in view. Returns what the live board calls with them.
 */
export function useNewOrderAlerts(): (arrived: readonly KitchenTicket[]) => void {
  const [soundOn] = useSoundSetting();

  // After a reload with sound on, the browser holds sound back until the first tap or key press.
  useEffect(() => {
    if (!soundOn) return;
    const unlock = () => void unlockSound();
    const events = ["pointerdown", "keydown"] as const;
    events.forEach((e) => document.addEventListener(e, unlock, { once: true, capture: true }));
    return () => events.forEach((e) => document.removeEventListener(e, unlock, { capture: true }));
  }, [soundOn]);

  return useCallback(
    (arrived) => {
      const [first] = arrived;
      if (!first) return;
      toast.info(arrived.length === 1 ? `New order #${first.code} for ${first.customer}` : `${arrived.length} new orders`);
      if (soundOn && document.visibilityState === "visible") playChime();
    },
    [soundOn],
  );
}
