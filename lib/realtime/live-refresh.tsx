"use client";

import { useEffect, useRef } from "react";
import { useRouter } from "next/navigation";
import { useLiveEvents } from "@/lib/realtime/use-live-events";
import type { LiveEvent } from "@/lib/realtime/events";

/** Re-renders the page's Server Components when `matches` says an event concerns it (`resync` always does); bursts coalesce. */
function useLiveRefresh(matches: (event: LiveEvent) => boolean): void {
  const router = useRouter();
  const pending = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(pending.current), []);
  useLiveEvents((event) => {
    if (event.type !== "resync" && !matches(event)) return;
    if (pending.current !== undefined) return;
    pending.current = window.setTimeout(() => {
      pending.current = undefined;
      router.refresh();
    }, 150);
  });
}

/**
 * For a Server Component page that shows orders: re-renders it when one changes (with
 * `orderId`, only that order; without, any order), and with `riders` when the riders change
 * (an admin's page that dispatches, product.md §12). Renders nothing.
 */
export function LiveRefresh({ orderId, riders = false }: { orderId?: string; riders?: boolean }) {
  useLiveRefresh(
    (event) => (event.type === "order" && (orderId === undefined || event.id === orderId)) || (riders && event.type === "riders"),
  );
  return null;
}
