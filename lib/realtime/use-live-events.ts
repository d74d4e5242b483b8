"use client";

import { useEffect, useRef } from "react";
import { followLiveEvents, type LiveEnvironment } from "@/lib/realtime/live-connection";
import { openFetchStream } from "@/lib/realtime/fetch-stream";
import type { LiveEvent } from "@/lib/realtime/events";
import { livePollOnly } from "@/lib/public-env";

// The browser's side of live updates as a React hook (the rules are live-connection.ts's).

const browser = (): LiveEnvironment => ({
  openStream: (url, onMessage, onError) => openFetchStream(url, onMessage, onError),
  hidden: () => document.visibilityState === "hidden",
  onVisibilityChange: (fn) => {
    document.addEventListener("visibilitychange", fn);
    return () => document.removeEventListener("visibilitychange", fn);
  },
  setTimeout: (fn, ms) => window.setTimeout(fn, ms),
  clearTimeout: (timer) => window.clearTimeout(timer as number),
  now: () => Date.now(),
  random: () => Math.random(),
  // Set at build time for hosts that cannot hold a stream (serverless); a browser that cannot
  // read a reply as it streams polls too.
  pollOnly: livePollOnly || typeof ReadableStream === "undefined",
});

/**
 * Calls `onEvent` with every live event for the signed-in viewer while the tab is visible:
 * `order` (placed or moved on: admins hear of every order, a customer of their own), `menu`,
 * and `resync` when events may have been missed (read everything again).
 */
export function useLiveEvents(onEvent: (event: LiveEvent) => void, { enabled = true }: { enabled?: boolean } = {}): void {
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });
  useEffect(() => {
    if (!enabled) return;
    return followLiveEvents((event) => handler.current(event), browser());
  }, [enabled]);
}
