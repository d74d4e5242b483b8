"use client";

import { useEffect, useRef, useState } from "react";
import { api } from "@/lib/client/api-client";
import { useLiveEvents } from "@/lib/realtime/use-live-events";
import type { LiveEvent } from "@/lib/realtime/events";
import type { OrderStatus } from "@/lib/orders/status";
import type { KitchenRead, KitchenTicket } from "@/lib/orders/kitchen-rules";
import { kitchenSearch } from "@/lib/orders/kitchen-query";
import { boardFrom, type KitchenBoard } from "@/lib/orders/kitchen-board";
import { followKitchen, type FeedEnvironment, type KitchenFeed } from "@/lib/orders/kitchen-feed";

// The open display's board, live (the rules are lib/orders/kitchen-feed.ts's): the page's own
// read first, then one small read per burst of notices from the live stream.

const browser: FeedEnvironment = {
  read: (wanted) => api.kitchen(kitchenSearch(wanted)),
  setTimeout: (fn, ms) => window.setTimeout(fn, ms),
  clearTimeout: (timer) => window.clearTimeout(timer as number),
};

/**
 * The board from `initial`, kept up to date; `onArrivals` hears of orders that reached the
 * display after it opened. `moved` shows a move this display made at once and reads the order
 * again, `delayed` the same for a new promise; `reread` only reads it again (a move was refused:
 * someone else moved it meanwhile). `onEvent` hears every live event too, for what the display
 * shows beside the board (the riders), on the board's one stream.
 */
export function useKitchenFeed(
  initial: KitchenRead,
  onArrivals: (tickets: KitchenTicket[]) => void,
  onEvent: (event: LiveEvent) => void = () => undefined,
) {
  const [board, setBoard] = useState<KitchenBoard>(() => boardFrom(initial));
  const [from, setFrom] = useState(initial);
  // A new render of the page (a navigation back to it) brings a newer read: start from it.
  if (from !== initial) {
    setFrom(initial);
    setBoard(boardFrom(initial));
  }
  const feed = useRef<KitchenFeed | null>(null);
  const announce = useRef(onArrivals);
  const hear = useRef(onEvent);
  useEffect(() => {
    announce.current = onArrivals;
    hear.current = onEvent;
  });

  useEffect(() => {
    const following = followKitchen(initial, { onBoard: setBoard, onArrivals: (t) => announce.current(t) }, browser);
    feed.current = following;
    return () => {
      following.stop();
      feed.current = null;
    };
  }, [initial]);

  useLiveEvents((event) => {
    if (event.type === "resync") feed.current?.resync();
    else if (event.type === "order") feed.current?.notice(event.id);
    hear.current(event);
  });

  return {
    board,
    moved: (ticket: KitchenTicket, to: OrderStatus) => feed.current?.moved(ticket, to),
    delayed: (id: string, promisedBy: string) => feed.current?.delayed(id, promisedBy),
    reread: (id: string) => feed.current?.notice(id),
    /** Reads the whole board again (a Later ticket fell due). */
    resync: () => feed.current?.resync(),
  };
}
