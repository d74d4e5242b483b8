import type { OrderStatus } from "@/lib/orders/status";
import type { KitchenRead, KitchenTicket, TicketsWanted } from "@/lib/orders/kitchen-rules";
import { MAX_NAMED_ORDERS } from "@/lib/orders/kitchen-query";
import { applyMove, applyPromise, applyRead, boardFrom, missingTickets, type KitchenBoard } from "@/lib/orders/kitchen-board";

// Keeping the open display up to date (product.md §7), apart from React so it can be tested with
// stand-ins: a live notice naming an order reads that order's ticket alone (with every column's
// list and count), and notices that come together share one read. One read at a time; the next
// takes everything heard meanwhile. A `resync` (the stream opened or came back) reads the whole
// board, which is bounded too.

/** Notices this close together share a read. */
export const GATHER_MS = 40;
/** After a failed read (the server restarting, the network gone), the next try. */
const RETRY_MS = 3_000;

export type FeedEnvironment = {
  read: (wanted: TicketsWanted) => Promise<KitchenRead>;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (timer: unknown) => void;
};

export type FeedHandlers = {
  /** The board changed. */
  onBoard: (board: KitchenBoard) => void;
  /** Orders that reached the display after it opened (pending tickets it never had), listed or not. */
  onArrivals: (tickets: KitchenTicket[]) => void;
};

export type KitchenFeed = {
  /** A live notice: this order was placed or moved on. */
  notice: (id: string) => void;
  /** Events may have been missed: read the whole board. */
  resync: () => void;
  /** This display moved a ticket and the server agreed: shown at once, then the order read again. */
  moved: (ticket: KitchenTicket, to: OrderStatus) => void;
  /** This display delayed a ticket and the server agreed: its new promise shown at once, then the order read again. */
  delayed: (id: string, promisedBy: string) => void;
  stop: () => void;
};

/** Follows the board the page read first until stopped. */
export function followKitchen(initial: KitchenRead, { onBoard, onArrivals }: FeedHandlers, env: FeedEnvironment): KitchenFeed {
  let board = boardFrom(initial);
  const known = new Set(initial.tickets.map((t) => t.id));
  let ids = new Set<string>();
  let whole = false;
  let timer: unknown;
  let reading = false;
  let stopped = false;

  const schedule = (ms = GATHER_MS) => {
    if (stopped || reading || timer !== undefined) return;
    timer = env.setTimeout(() => {
      timer = undefined;
      void flush();
    }, ms);
  };

  const flush = async () => {
    const asked = ids;
    const wasWhole = whole || asked.size > MAX_NAMED_ORDERS;
    ids = new Set();
    whole = false;
    if (!wasWhole && asked.size === 0) return;
    reading = true;
    let failed = false;
    try {
      const read = await env.read(wasWhole ? "board" : [...asked]);
      if (stopped) return;
      const arrived = read.tickets.filter((t) => t.status === "pending" && !known.has(t.id));
      read.tickets.forEach((t) => known.add(t.id));
      board = applyRead(board, read);
      onBoard(board);
      if (arrived.length > 0) onArrivals(arrived);
      // Tickets that came into view (others left their column) and have not been read yet.
      missingTickets(board).forEach((id) => ids.add(id));
    } catch {
      // Nothing asked for is lost: it goes into the next read, with whatever came meanwhile.
      asked.forEach((id) => ids.add(id));
      whole ||= wasWhole;
      failed = true;
    } finally {
      reading = false;
    }
    if (failed) schedule(RETRY_MS);
    else if (whole || ids.size > 0) schedule();
  };

  return {
    notice: (id) => {
      ids.add(id);
      schedule();
    },
    resync: () => {
      whole = true;
      schedule();
    },
    moved: (ticket, to) => {
      board = applyMove(board, ticket, to);
      onBoard(board);
      ids.add(ticket.id);
      schedule();
    },
    delayed: (id, promisedBy) => {
      board = applyPromise(board, id, promisedBy);
      onBoard(board);
      ids.add(id);
      schedule();
    },
    stop: () => {
      stopped = true;
      if (timer !== undefined) env.clearTimeout(timer);
      timer = undefined;
    },
  };
}
