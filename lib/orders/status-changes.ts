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

// The move and its history row are ONE statement, so neither is ever written without the other
// (product.md §7). The update only applies while the order still has the status it was checked
// against, so two admins clicking at once cannot both win, and the loser writes no history.
// The orders table's trigger announces the change on commit (lib/realtime/).
const MOVE_ORDER = {
  name: "order-move-status",
  text: `
WITH moved AS (
  UPDATE orders SET status = $3::"OrderStatus", updated_at = $6::timestamp(3)
  WHERE id = $1 AND status = $2::"OrderStatus"
  RETURNING id
)
INSERT INTO order_status_changes (id, order_id, status, actor, created_at)
SELECT $4, id, $3::"OrderStatus", $5::"OrderActor", $6::timestamp(3) FROM moved
RETURNING order_id`,
};

async function moveOrder(id: string, from: OrderStatus, to: OrderStatus, by: OrderActor): Promise<boolean> {
  // timestamp(3) columns hold UTC wall-clock time, as Prisma writes them.
  const at = new Date().toISOString().slice(0, -1);
  const { rowCount } = await pool().query({ ...MOVE_ORDER, values: [id, from, to, newId(), by, at] });
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
