"use client";

import { useState } from "react";

/** Which tickets have a request in flight (their buttons wait), by order id. */
export function useBusyIds() {
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const setBusyFor = (id: string, on: boolean) =>
    setBusy((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return { busy, setBusyFor };
}
