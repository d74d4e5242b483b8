import { SITE } from "@/lib/site";
import type { PortionKey } from "@/lib/portions";
import type { OrderLineOption, OrderRider } from "@/lib/orders/types";
import type { DeliverySlot } from "@/lib/store/types";
import { adminNextStatuses, ORDER_FLOW, type OrderStatus } from "@/lib/orders/status";

// The kitchen display's rules (product.md §7), as pure functions the server query, the display
// and the tests share (client-safe: no I/O). Which moves are allowed stays lib/orders/status.ts's
// rule; this only says how the pass shows them.

/** The statuses a ticket is on the display for: placed and not yet delivered or cancelled. */
export const ACTIVE_STATUSES = ["pending", "confirmed", "preparing", "out_for_delivery"] as const satisfies readonly OrderStatus[];

export type ActiveStatus = (typeof ACTIVE_STATUSES)[number];

export function isActiveStatus(status: OrderStatus): status is ActiveStatus {
  return (ACTIVE_STATUSES as readonly OrderStatus[]).includes(status);
}

/** One line of a ticket as the pass reads it, with its chosen options (§8; [] when none) and note (null when none). */
type KitchenLine = {
  quantity: number;
  name: string;
  portion: PortionKey;
  options: OrderLineOption[];
  note: string | null;
};

/** One active order, shaped for its ticket. */
export type KitchenTicket = {
  id: string;
  /** The code the customer sees (`#` + this). */
  code: string;
  /** The name on the delivery address. */
  customer: string;
  status: ActiveStatus;
  /** When it was placed (ISO). */
  placedAt: string;
  /** When it is promised by (ISO, product.md §9): its slot's end, later once the kitchen said it runs late. */
  promisedBy: string;
  /** True when the customer chose the slot: it waits in `Later` until its slot is near. */
  scheduled: boolean;
  /** The slot it was booked into (ISO instants). */
  deliverySlot: DeliverySlot;
  lines: KitchenLine[];
  /** The rider it is assigned to (product.md §12): the ticket shows `No rider yet` without one. */
  rider: OrderRider | null;
};

export type KitchenColumn = { key: ColumnKey; title: string; statuses: readonly ActiveStatus[] };
export type ColumnKey = "new" | "kitchen" | "way";

/** The display's three columns, left to right, in the order a ticket travels. */
export const KITCHEN_COLUMNS: readonly KitchenColumn[] = [
  { key: "new", title: "New", statuses: ["pending"] },
  { key: "kitchen", title: "In the kitchen", statuses: ["confirmed", "preparing"] },
  { key: "way", title: "On the way", statuses: ["out_for_delivery"] },
];

export const COLUMN_KEYS = KITCHEN_COLUMNS.map((c) => c.key);

/** The column a ticket of `status` stands in. */
export function columnOf(status: ActiveStatus): ColumnKey {
  return KITCHEN_COLUMNS.find((c) => c.statuses.includes(status))!.key;
}

/**
 * How many tickets a column shows: its oldest, the ones the pass works on next. The rest are
 * counted in words under it, so a flood of orders costs the display a number, not a ticket each.
 */
export const COLUMN_TICKETS = 30;

/** What a column says under its tickets about the ones it does not show. */
export function moreText(hidden: number): string {
  return `and ${hidden} more`;
}

/** Per column: every active order in it, shown or not. */
export type ColumnCounts = Record<ColumnKey, number>;

/**
 * What one read of the display answers: per column the ids of its oldest tickets (at most
 * COLUMN_TICKETS, oldest first), every column's count, and in full only the tickets asked for
 * (the orders a live notice named, or every listed one for the whole board), active ones only.
 * `readAt` (ms) is when it was read: ticket ages count from it until the browser's clock takes over.
 */
export type KitchenRead = {
  columns: Record<ColumnKey, string[]>;
  counts: ColumnCounts;
  tickets: KitchenTicket[];
  /** Scheduled orders whose slot is not near yet (kitchen-later.ts), soonest first, always in full; not in any column. */
  later: LaterList;
  /** The store's preparation minutes: a Later ticket joins its column once its slot starts within them. */
  prepMinutes: number;
  readAt: number;
};

/** The `Later` list: its soonest tickets (at most COLUMN_TICKETS) and how many wait in all. */
export type LaterList = { tickets: KitchenTicket[]; count: number };

/** Which tickets a read sends in full: those of the board (the page, a stream that reopened) or only the orders named. */
export type TicketsWanted = "board" | readonly string[];

/** Oldest first; two orders placed in the same millisecond by id, as the server orders them. */
export function compareTickets(a: Pick<KitchenTicket, "placedAt" | "id">, b: Pick<KitchenTicket, "placedAt" | "id">): number {
  if (a.placedAt !== b.placedAt) return a.placedAt < b.placedAt ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Whole minutes since the order was placed; never negative (a clock a little ahead of the server's). */
export function minutesSince(placedAt: string, now: number): number {
  return Math.max(0, Math.floor((now - Date.parse(placedAt)) / 60_000));
}

const STEP_LABELS: Record<ActiveStatus, string> = {
  pending: "Accept",
  confirmed: "Start preparing",
  preparing: "Out for delivery",
  out_for_delivery: "Delivered",
};

/** The one big button of a ticket: the next status along the flow, and what the button says. */
export function nextStep(status: ActiveStatus): { to: OrderStatus; label: string } {
  const to = adminNextStatuses(status).find((s) => (ORDER_FLOW as readonly OrderStatus[]).includes(s));
  // Every active status has a next one in the flow; status.ts would have to change for this to fail.
  if (!to) throw new Error(`No next step from ${status}`);
  return { to, label: STEP_LABELS[status] };
}

/** Whether the ticket offers `Cancel` (new and accepted orders, as the lifecycle allows). */
export function canCancel(status: ActiveStatus): boolean {
  return adminNextStatuses(status).includes("cancelled");
}

/** The tab's title: the new orders waiting to be accepted, counted in front, so a glance at the tab tells. */
export function kitchenTitle(newOrders: number): string {
  return newOrders > 0 ? `(${newOrders}) Kitchen · ${SITE.name}` : `Kitchen · ${SITE.name}`;
}

const PROGRESS: Record<OrderStatus, number> = {
  // Never on a kitchen display (it is not paid yet); listed for completeness.
  awaiting_payment: -1,
  pending: 0,
  confirmed: 1,
  preparing: 2,
  out_for_delivery: 3,
  delivered: 4,
  cancelled: 4,
};

/**
 * The further of two statuses of one order. The lifecycle never goes back, so when the display
 * has heard of a move (its own button's reply) that a slower read does not show yet, the move wins.
 */
export function furtherStatus(a: OrderStatus, b: OrderStatus): OrderStatus {
  return PROGRESS[b] > PROGRESS[a] ? b : a;
}

const MOVED: Record<OrderStatus, string> = {
  awaiting_payment: "awaits payment",
  pending: "is new",
  confirmed: "accepted",
  preparing: "is being prepared",
  out_for_delivery: "is out for delivery",
  delivered: "delivered",
  cancelled: "cancelled",
};

/** What the display says once a ticket moved on: `Order #AB12CD34 accepted`. */
export function movedMessage(code: string, to: OrderStatus): string {
  return `Order #${code} ${MOVED[to]}`;
}
