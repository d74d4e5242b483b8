import "server-only";
import { db, pool } from "@/lib/db";
import { newId } from "@/lib/db/ids";
import { looksLikeRowId } from "@/lib/db/schema";
import { Conflict, Forbidden, NotFound } from "@/lib/errors";
import type { SessionUser } from "@/lib/auth/session";
import { checkTransition, statusLabel, type OrderStatus } from "@/lib/orders/status";
import type { ApiOrderWithHistory, OrderActor } from "@/lib/orders/types";
import { ORDER_NOT_FOUND, visibleTo } from "@/lib/orders/rows";
import { getOrderWithHistoryFor } from "@/lib/orders/queries";
import { actorOf } from "@/lib/orders/history";
import { mailJobFragment, mailJobParameterSql, orderStatusMailJob } from "@/lib/email/queue";

// The move, its history row and the customer's mail (out for delivery, delivered, cancelled:
// product.md §7) are ONE statement, so none is ever written without the others. The update only
// applies while the order still has the status it was checked against, so two admins clicking at
// once cannot both win, and the loser writes no history and queues no mail. The orders table's
// trigger announces the change on commit (lib/realtime/).
const MOVE = `
WITH moved AS (
  UPDATE orders SET status = $3::"OrderStatus", updated_at = $6::timestamp(3)
  WHERE id = $1 AND status = $2::"OrderStatus"
  RETURNING id
), history AS (
  INSERT INTO order_status_changes (id, order_id, status, actor, created_at)
  SELECT $4, id, $3::"OrderStatus", $5::"OrderActor", $6::timestamp(3) FROM moved
  RETURNING order_id
)`;

const MOVE_ORDER = { name: "order-move-status", text: `${MOVE} SELECT order_id FROM history` };

/** The same with the mail job; PostgreSQL runs the `mail` query only for a row that moved. */
const MOVE_ORDER_AND_MAIL = {
  name: "order-move-status-mail",
  text: `${MOVE}, mail AS (SELECT ${mailJobParameterSql(7)} AS job_id FROM moved)
SELECT order_id, (SELECT job_id FROM mail) AS mail_job_id FROM history`,
};

async function moveOrder(id: string, from: OrderStatus, to: OrderStatus, by: OrderActor): Promise<boolean> {
  const now = new Date();
  // timestamp(3) columns hold UTC wall-clock time, as Prisma writes them.
  const at = now.toISOString().slice(0, -1);
  const values = [id, from, to, newId(), by, at];
  const job = orderStatusMailJob(id, to, by, now);
  const statement = job ? { ...MOVE_ORDER_AND_MAIL, values: [...values, ...mailJobFragment(job, 7).values] } : { ...MOVE_ORDER, values };
  const { rowCount } = await pool().query(statement);
  return rowCount === 1;
}

/**
 * Moves an order along its lifecycle; who may ask for which move is lib/orders/status.ts's rule
 * (an admin moves it on, its owner may only cancel it while pending).
 */
export async function updateOrderStatus(viewer: SessionUser, id: string, to: OrderStatus): Promise<ApiOrderWithHistory> {
  if (!looksLikeRowId(id)) throw new NotFound(ORDER_NOT_FOUND);
  const current = await db().order.findFirst({ where: { id, ...visibleTo(viewer) }, select: { id: true, status: true } });
  if (!current) throw new NotFound(ORDER_NOT_FOUND);

  const check = checkTransition(current.status, to, viewer.role === "admin" ? "admin" : "owner");
  if (check === "forbidden") throw new Forbidden("You can only cancel your own order, and only while it is pending.");
  if (check === "invalid") {
    throw new Conflict(
      `A ${statusLabel(current.status).toLowerCase()} order cannot be changed to ${statusLabel(to).toLowerCase()}.`,
      {
        status: current.status,
      },
      "status_conflict",
    );
  }

  if (!(await moveOrder(id, current.status, to, actorOf(viewer)))) {
    throw new Conflict("This order's status changed meanwhile. Please reload and try again.", {}, "status_conflict");
  }
  return getOrderWithHistoryFor(viewer, id);
}
