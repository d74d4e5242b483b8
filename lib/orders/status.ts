// The order lifecycle, as pure functions shared by the API, the pages and the tests.
// pending → confirmed → preparing → out_for_delivery → delivered; cancelled from pending or confirmed.
// An order paid online starts before all that, as awaiting_payment (product.md §10): the shop
// (never a person) moves it to pending once paid, or cancels it when it stays unpaid.

export const ORDER_FLOW = ["pending", "confirmed", "preparing", "out_for_delivery", "delivered"] as const;

export const ORDER_STATUSES = ["awaiting_payment", ...ORDER_FLOW, "cancelled"] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];

const LABELS: Record<OrderStatus, string> = {
  awaiting_payment: "Awaiting payment",
  pending: "Pending",
  confirmed: "Confirmed",
  preparing: "Preparing",
  out_for_delivery: "Out for delivery",
  delivered: "Delivered",
  cancelled: "Cancelled",
};

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === "string" && (ORDER_STATUSES as readonly string[]).includes(value);
}

export function statusLabel(status: OrderStatus): string {
  return LABELS[status];
}

/** Delivered and cancelled orders never change again (so the tracker stops polling). */
export function isFinalStatus(status: OrderStatus): boolean {
  return status === "delivered" || status === "cancelled";
}

/**
 * Open orders: placed, not yet in the kitchen's hands (product.md §5), an unpaid one included
 * (it holds its slot, §9, so it counts against the customer's allowance too). A customer may hold only a few at once, and an admin may
 * cancel all of one customer's at once. The one place this rule is written.
 */
export const OPEN_ORDER_STATUSES = ["awaiting_payment", "pending", "confirmed"] as const satisfies readonly OrderStatus[];

// An unpaid order too: cancelling all of a customer's open orders (bulk-cancel.ts) includes it.
const CANCELLABLE_BY_ADMIN: readonly OrderStatus[] = ["awaiting_payment", "pending", "confirmed"];

/** The statuses an admin may move an order to from `from`. */
export function adminNextStatuses(from: OrderStatus): OrderStatus[] {
  const next: OrderStatus[] = [];
  const i = (ORDER_FLOW as readonly OrderStatus[]).indexOf(from);
  if (i >= 0 && i < ORDER_FLOW.length - 1) next.push(ORDER_FLOW[i + 1]);
  if (CANCELLABLE_BY_ADMIN.includes(from)) next.push("cancelled");
  return next;
}

export type TransitionCheck = "ok" | "forbidden" | "invalid";

/**
 * Whether `actor` may move an order from `from` to `to`.
 * "forbidden" (403): a customer asking for anything but a cancellation.
 * "invalid" (409): the lifecycle does not allow it from the current status.
 */
export function checkTransition(from: OrderStatus, to: OrderStatus, actor: "admin" | "owner"): TransitionCheck {
  if (actor === "owner") {
    if (to !== "cancelled") return "forbidden";
    return from === "pending" ? "ok" : "invalid";
  }
  return adminNextStatuses(from).includes(to) ? "ok" : "invalid";
}

/** A customer may cancel their own order only while the kitchen has not confirmed it. */
export function ownerCanCancel(status: OrderStatus): boolean {
  return checkTransition(status, "cancelled", "owner") === "ok";
}

/** A short, readable order reference for pages and mails (the full id stays in links). */
export function orderNumber(id: string): string {
  return id.slice(-8).toUpperCase();
}
