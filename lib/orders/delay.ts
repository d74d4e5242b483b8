import "server-only";
import { db } from "@/lib/db";
import { sqlTimestamp } from "@/lib/db/timestamp";
import { namedStatement, rowsIn } from "@/lib/db/named-sql";
import { looksLikeRowId } from "@/lib/db/schema";
import { assertAdmin } from "@/lib/auth/authorize";
import type { SessionUser } from "@/lib/auth/session";
import { Conflict, NotFound } from "@/lib/errors";
import { orderLateMailJob, queueMail } from "@/lib/jobs/mail";
import { queueOrderMessages } from "@/lib/jobs/messages";
import { ORDER_NOT_FOUND } from "@/lib/orders/rows";
import { getOrderFor } from "@/lib/orders/queries";
import { statusLabel, type OrderStatus } from "@/lib/orders/status";
import { DELAYABLE_STATUSES, delayNote } from "@/lib/orders/delay-rules";
import type { ApiOrderWithHistory } from "@/lib/orders/types";

// Running late (product.md §9): an admin moves an active order's promise later. One transaction
// moves the promise, records the step in the history (the status it has, with a note) and queues
// the customer's mail and phone messages; the orders table's trigger tells the open pages at commit (migration
// 20261128020000_notify_promise_changes).

/** What the update returns: the status kept, and the new promise as epoch milliseconds (no time-zone guessing). */
type Moved = { status: OrderStatus; promised_ms: number };

const DELAY = namedStatement(
  "orders-delay",
  `UPDATE orders SET promised_by = promised_by + make_interval(mins => :minutes::int), updated_at = :at::timestamp(3)
WHERE id = :id::text AND status::text = ANY(:statuses::text[])
RETURNING status::text AS status, floor(extract(epoch FROM promised_by) * 1000)::float8 AS promised_ms`,
);

/** Moves order `id`'s promise `minutes` later (admins only, while it is active); the order after. */
export async function delayOrder(viewer: SessionUser, id: string, minutes: number): Promise<ApiOrderWithHistory> {
  assertAdmin(viewer);
  if (!looksLikeRowId(id)) throw new NotFound(ORDER_NOT_FOUND);
  const moved = await db().$transaction(async (tx) => {
    const at = new Date();
    // One statement adds to the promise as it stands: two admins delaying at once both count.
    const rows = await rowsIn<Moved>(tx, DELAY({ id, minutes, at: sqlTimestamp(at), statuses: [...DELAYABLE_STATUSES] }));
    const row = rows[0];
    if (!row) return null;
    await tx.orderStatusChange.create({
      data: { orderId: id, status: row.status, actor: "admin", note: delayNote(minutes), createdAt: at },
    });
    await queueMail(tx, orderLateMailJob(id, new Date(row.promised_ms)));
    await queueOrderMessages(tx, [id], "delayed");
    return row;
  });
  if (!moved) await refuse(id);
  return getOrderFor(viewer, id);
}

/** Why nothing moved: no such order (404), or one that is no longer active (409). */
async function refuse(id: string): Promise<never> {
  const order = await db().order.findUnique({ where: { id }, select: { status: true } });
  if (!order) throw new NotFound(ORDER_NOT_FOUND);
  throw new Conflict(
    `A ${statusLabel(order.status).toLowerCase()} order's delivery time cannot be changed.`,
    { status: order.status },
    "status_conflict",
  );
}
