import "server-only";
import { namedStatement, rowsIn } from "@/lib/db/named-sql";
import type { Transaction } from "@/lib/db/types";
import { Conflict, Invalid } from "@/lib/errors";
import { ACTIVE_STATUSES } from "@/lib/orders/kitchen-rules";
import { HANDOVER_ATTEMPTS, isHandoverCode } from "@/lib/orders/handover-code";
import { statusLabel } from "@/lib/orders/status";
import type { DispatchOrder, DispatchPort, FulfilmentEvent } from "@/lib/riders/dispatch";

// The dispatch port's first adapter: the kitchen's own riders (product.md §12). The agent is a
// user with the role `rider`; they report through the shop's own API (pickup, handover), so
// there is no provider to call and no webhook to read.

const NOT_A_RIDER = "riderId must be the id of a rider (an account with the role rider).";

const ONE_MORE_TRY = namedStatement(
  "riders-handover-attempt",
  `UPDATE orders SET handover_attempts = handover_attempts + 1 WHERE id = :id RETURNING handover_attempts AS "attempts"`,
);

const isActive = (order: DispatchOrder) => (ACTIVE_STATUSES as readonly string[]).includes(order.status);

function notActive(order: DispatchOrder): Conflict {
  return new Conflict(
    `A ${statusLabel(order.status).toLowerCase()} order cannot be given to a rider.`,
    { status: order.status },
    "status_conflict",
  );
}

async function assign(tx: Transaction, order: DispatchOrder, riderId: string | null): Promise<FulfilmentEvent | null> {
  if (!isActive(order)) throw notActive(order);
  if (riderId === null) {
    if (order.status === "out_for_delivery") {
      throw new Conflict("The rider has picked this order up: it cannot be taken back now.", {}, "already_picked_up");
    }
  } else {
    const rider = await tx.user.findUnique({ where: { id: riderId }, select: { role: true } });
    if (rider?.role !== "rider") throw new Invalid(NOT_A_RIDER, "riderId");
  }
  if (order.riderId === riderId) return null;
  await tx.order.update({ where: { id: order.id }, data: { riderId }, select: { id: true } });
  return riderId === null ? null : { orderId: order.id, state: "Agent-assigned", agentId: riderId };
}

async function pickup(_tx: Transaction, order: DispatchOrder): Promise<FulfilmentEvent> {
  if (order.riderId === null) throw new Conflict("Assign a rider to this order before it is picked up.", {}, "no_rider");
  return { orderId: order.id, state: "Order-picked-up", agentId: order.riderId };
}

export const ownRiders: DispatchPort = {
  assign,
  pickup,
  async handover(tx, order, code) {
    if (isHandoverCode(order.handoverCode, code)) {
      return { delivered: { orderId: order.id, state: "Order-delivered", agentId: order.riderId } };
    }
    const [{ attempts }] = await rowsIn<{ attempts: number }>(tx, ONE_MORE_TRY({ id: order.id }));
    return { wrong: { attemptsLeft: Math.max(0, HANDOVER_ATTEMPTS - attempts) } };
  },
  // A cancelled order leaves its rider's list by its status: nobody else to tell.
  async cancel() {},
  // Our riders report through the shop's own API, never a webhook.
  webhook: () => [],
};

/** The dispatch adapter in use: the kitchen's own riders until a courier is added. */
export function currentDispatch(): DispatchPort {
  return ownRiders;
}
