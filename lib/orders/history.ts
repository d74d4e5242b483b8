import type { OrderStatus } from "@/lib/orders/status";
import type { OrderActor, OrderHistoryEntry } from "@/lib/orders/types";

// An order's history (product.md §7) from what is stored: the order's own created_at is the
// first step, `pending` (`awaiting_payment` when paid online), placed by its customer (placing writes no history row, so the shop's
// busiest write stays one statement); every later step is a row written with the change itself
// (status-changes.ts). Pure, so it is tested without a database.

export type StoredStatusChange = { status: OrderStatus; actor: OrderActor; createdAt: Date; note?: string | null };

export function orderHistory(
  placedAt: Date,
  changes: readonly StoredStatusChange[],
  placedAs: "pending" | "awaiting_payment" = "pending",
): OrderHistoryEntry[] {
  const later = [...changes].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  return [
    { status: placedAs, at: placedAt.toISOString(), by: "customer" },
    ...later.map((c) => ({ status: c.status, at: c.createdAt.toISOString(), by: c.actor, ...(c.note && { note: c.note }) })),
  ];
}

/**
 * When the order reached `status` (ISO), if it has. A step with a note at the status the order
 * already had ("delayed 15 min") is not a change: the step's time is when that status began.
 */
export function reachedAt(history: readonly OrderHistoryEntry[], status: OrderStatus): string | undefined {
  const i = history.findLastIndex((step, j) => step.status === status && (j === 0 || history[j - 1].status !== status));
  return i >= 0 ? history[i].at : undefined;
}

/**
 * Who a status change is recorded as: an admin acts as the kitchen, anyone else as the order's
 * customer (a rider moving the order they carry is recorded as `rider` by the rider's flows).
 */
export function actorOf(viewer: { role: string }): OrderActor {
  return viewer.role === "admin" ? "admin" : "customer";
}
