"use client";

import { useEffect, useState } from "react";

/** Often enough that "12 min" turns "13 min" within a few seconds of the minute, cheap enough for a tablet. */
const TICK_MS = 10_000;

/**
 * The time now, for "minutes since placed": starts at the time the server read the tickets (so the first
 * paint matches the server's HTML), then follows this device's clock, catching up at once when
 * the tab comes back into view.
 */
export function useClock(readAt: number): number {
  const [now, setNow] = useState(readAt);
  useEffect(() => {
    const tick = () => setNow(Date.now());
    const timer = window.setInterval(tick, TICK_MS);
    const onVisible = () => {
      if (document.visibilityState === "visible") tick();
    };
    document.addEventListener("visibilitychange", onVisible);
    const first = window.setTimeout(tick, 0);
    return () => {
      window.clearInterval(timer);
      window.clearTimeout(first);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, []);
  return now;
}
