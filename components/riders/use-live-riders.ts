"use client";

import { useEffect, useRef, useState } from "react";
import type { RiderSummary } from "@/lib/riders/types";
import { riderCalls } from "@/components/riders/rider-calls";

// The kitchen's riders, kept current (product.md §12): the page's own read first, then
// GET /api/riders again once a burst of live notices that may change them has passed (a rider
// going on duty, an order given to one, delivered or cancelled). A read that fails keeps the
// list it had; an answer older than one already shown is dropped.

const SETTLE_MS = 1_000;

export function useLiveRiders(initial: RiderSummary[]) {
  const [riders, setRiders] = useState(initial);
  const [from, setFrom] = useState(initial);
  // A new render of the page brings a newer read: start from it.
  if (from !== initial) {
    setFrom(initial);
    setRiders(initial);
  }
  const timer = useRef<number | undefined>(undefined);
  const asked = useRef(0);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  function reread() {
    if (timer.current !== undefined) return;
    timer.current = window.setTimeout(() => {
      timer.current = undefined;
      const ask = ++asked.current;
      riderCalls.list().then(
        (list) => ask === asked.current && setRiders(list),
        () => undefined,
      );
    }, SETTLE_MS);
  }

  return { riders, reread };
}
