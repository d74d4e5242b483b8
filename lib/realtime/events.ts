import type { OrderStatus } from "@/lib/orders/status";

// What the live stream (GET /api/events) tells a page, and nothing more: which order moved to
// which status, that the menu or the riders changed, or that something may have been missed. A
// page reacts by reading again through the usual pages and APIs, which check who may see what; so
// an event carries ids and statuses only (client-safe: types and constants).

export type LiveEvent =
  /** An order was placed (`pending`) or moved on. Admins hear of every order, a customer of their own. */
  | { type: "order"; id: string; status: OrderStatus }
  /** An admin changed the menu. */
  | { type: "menu" }
  /** A rider went on or off duty, or someone became or stopped being a rider (product.md §12). Admins only. */
  | { type: "riders" }
  /** Events may have been missed (a stream just opened or reopened, the server's database connection came back, a poll): read everything again. */
  | { type: "resync" };

/**
 * On the wire: the events above, `ready` once a stream is open, and `superseded` as the last
 * word of a stream closed for a newer one of the same user (product.md §5: at most 5 each): that
 * page polls for a while instead of taking a stream back at once.
 */
export type WireEvent = LiveEvent | { type: "ready" } | { type: "superseded" };

/** How often a page reads again when it cannot hold a stream (live-connection.ts): within the promised 5 seconds. */
export const LIVE_POLL_INTERVAL_MS = 4_000;

export const EVENTS_PATH = "/api/events";
