"use client";

import { useEffect, useState } from "react";

/** Often enough that "12 min" turns "13 min" within a few seconds of the minute, cheap enough for a tablet. */
const TICK_MS = 10_000;

/**
 * The time now, for "minutes since placed": starts at the time the server read the tickets (so
 * the first paint matches the server's HTML), then follows this device's clock. Stands still
 * while the tab is hidden and catches up at once when it is back in view.
 */
export function useClock(readAt: number): number {
  const [now, setNow] = useState(readAt);
  useEffect(() => {
    let timer: number | undefined;
    const tick = () => setNow(Date.now());
    const follow = () => {
      window.clearInterval(timer);
      timer = undefined;
      if (document.visibilityState === "hidden") return;
      tick();
      timer = window.setInterval(tick, TICK_MS);
    };
    document.addEventListener("visibilitychange", follow);
    // After the first paint, so it matches the server's HTML.
    const first = window.setTimeout(follow, 0);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", follow);
    };
  }, []);
  return now;
}
