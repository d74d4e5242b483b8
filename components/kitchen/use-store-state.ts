"use client";

import { useEffect, useState } from "react";
import { api } from "@/lib/client/api-client";
import type { StoreState } from "@/lib/store/types";

/** The ASAP promise moves with the clock: read again this often while the display is in view. */
const REFRESH_MS = 60_000;

/**
 * The store's state as the pause switch shows it: the page's read, then each reply of the
 * switch's own calls, read again every minute while the tab is in view and as soon as a timed
 * pause ends (another display or /admin/settings may have changed it too).
 */
export function useStoreState(initial: StoreState): [StoreState, (s: StoreState) => void] {
  const [state, setState] = useState(initial);
  const until = state.paused?.until ?? null;

  useEffect(() => {
    let timer: number | undefined;
    const read = () =>
      void api.store().then(setState, () => {
        // Kept as it was: the next tick tries again.
      });
    const follow = () => {
      window.clearInterval(timer);
      timer = undefined;
      if (document.visibilityState === "hidden") return;
      timer = window.setInterval(read, REFRESH_MS);
    };
    const back = () => {
      if (document.visibilityState === "visible") read();
      follow();
    };
    follow();
    document.addEventListener("visibilitychange", back);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", back);
    };
  }, []);

  // A timed pause ends by itself: read the state then (a second late, so the server agrees).
  useEffect(() => {
    if (!until) return;
    const timer = window.setTimeout(
      () => void api.store().then(setState, () => undefined),
      Math.max(0, Date.parse(until) - Date.now()) + 1_000,
    );
    return () => window.clearTimeout(timer);
  }, [until]);

  return [state, setState];
}
