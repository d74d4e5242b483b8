import { SITE } from "@/lib/site";
import type { PortionKey } from "@/lib/portions";
import type { OrderLineOption } from "@/lib/orders/types";
import { adminNextStatuses, ORDER_FLOW, READY_IN_MINUTES, type OrderStatus } from "@/lib/orders/status";

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
  lines: KitchenLine[];
};

/** What the display is rendered from: the tickets, and when they were read (ms), which their ages count from until the browser's clock takes over. */
export type KitchenSnapshot = { tickets: KitchenTicket[]; readAt: number };

export type KitchenColumn = { key: "new" | "kitchen" | "way"; title: string; statuses: readonly ActiveStatus[] };

/** The display's three columns, left to right, in the order a ticket travels. */
export const KITCHEN_COLUMNS: readonly KitchenColumn[] = [
  { key: "new", title: "New", statuses: ["pending"] },
  { key: "kitchen", title: "In the kitchen", statuses: ["confirmed", "preparing"] },
  { key: "way", title: "On the way", statuses: ["out_for_delivery"] },
];

/** The tickets of one column, oldest first (the order the query gives them in is kept for ties). */
export function ticketsIn(column: KitchenColumn, tickets: readonly KitchenTicket[]): KitchenTicket[] {
  return tickets.filter((t) => column.statuses.includes(t.status)).sort((a, b) => Date.parse(a.placedAt) - Date.parse(b.placedAt));
}

/** Whole minutes since the order was placed; never negative (a clock a little ahead of the server's). */
export function minutesSince(placedAt: string, now: number): number {
  return Math.max(0, Math.floor((now - Date.parse(placedAt)) / 60_000));
}

const AMBER_AFTER_MINUTES = 20;
const RED_AFTER_MINUTES = READY_IN_MINUTES;

export type Urgency = "normal" | "amber" | "red";

/**
 * How late a ticket is: amber once 20 minutes have passed, red once the 30-minute promise has.
 * A delivery on its way is still measured: the promise is to the customer's door.
 */
export function urgencyAfter(minutes: number): Urgency {
  if (minutes >= RED_AFTER_MINUTES) return "red";
  if (minutes >= AMBER_AFTER_MINUTES) return "amber";
  return "normal";
}

/** What an amber or red ticket says in words, so its state is not told by colour alone. */
export const URGENCY_TEXT: Record<Exclude<Urgency, "normal">, string> = {
  amber: "Due soon",
  red: "Late",
};

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

export function newOrderCount(tickets: readonly KitchenTicket[]): number {
  return tickets.filter((t) => t.status === "pending").length;
}

const PROGRESS: Record<OrderStatus, number> = {
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
