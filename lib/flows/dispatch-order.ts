import "server-only";
import { db } from "@/lib/db";
import type { Transaction } from "@/lib/db/types";
import { Conflict } from "@/lib/errors";
import { assertAdmin } from "@/lib/auth/authorize";
import type { SessionUser } from "@/lib/auth/session";
import { statusLabel } from "@/lib/orders/status";
import type { ApiOrderWithHistory, CarriedOrder, OrderActor } from "@/lib/orders/types";
import { getOrderFor, readOrderFor } from "@/lib/orders/queries";
import { statusMoveFor, type DispatchOrder, type FulfilmentEvent } from "@/lib/riders/dispatch";
import { currentDispatch } from "@/lib/riders/own-riders";
import { lockOrderForDispatch } from "@/lib/riders/locked-order";
import { HandoverLocked, WrongHandoverCode } from "@/lib/riders/errors";
import { HANDOVER_ATTEMPTS, isHandoverCode } from "@/lib/orders/handover-code";
import { moveOrders } from "@/lib/flows/move-orders";

// Dispatch (product.md §12): an admin gives an order to a rider, the rider picks it up and hands
// it over against the customer's code. Each step runs on the order's locked row, through the
// dispatch port (lib/riders/dispatch.ts), and a step that moves the status goes through
// moveOrders, the one move every status change takes: the customer's mails, the bill of a cash
// order (§11), the history (`by: "rider"` when the rider did it) and the live updates follow.

/** Who a dispatch step is recorded as: the rider carrying it, or the admin acting for the kitchen. */
const actorOf = (viewer: SessionUser): OrderActor => (viewer.role === "rider" ? "rider" : "admin");

function cannotMove(order: DispatchOrder, to: string): Conflict {
  return new Conflict(`A ${statusLabel(order.status).toLowerCase()} order cannot be ${to}.`, { status: order.status }, "status_conflict");
}

/** What a fulfilment event does to the order's status, through moveOrders; false when it was not in a status the event moves from. */
async function applyFulfilment(tx: Transaction, event: FulfilmentEvent, by: OrderActor): Promise<boolean> {
  const move = statusMoveFor(event.state);
  if (!move) return true;
  const moved = await moveOrders(tx, { id: event.orderId, status: { in: move.from } }, move.to, by);
  return moved.length === 1;
}

/** PATCH /api/orders/{id} `{riderId}` (admins): assigns an active order to a rider, or (null) takes it back before pickup. */
export async function assignRider(viewer: SessionUser, id: string, riderId: string | null): Promise<ApiOrderWithHistory> {
  assertAdmin(viewer);
  await db().$transaction(async (tx) => {
    const order = await lockOrderForDispatch(tx, viewer, id);
    const event = await currentDispatch().assign(tx, order, riderId);
    if (event) await applyFulfilment(tx, event, "admin");
  });
  return getOrderFor(viewer, id);
}

/** POST /api/orders/{id}/pickup (its rider or an admin): a confirmed or preparing order goes out for delivery. */
export async function pickUpOrder(viewer: SessionUser, id: string): Promise<ApiOrderWithHistory | CarriedOrder> {
  await db().$transaction(async (tx) => {
    const order = await lockOrderForDispatch(tx, viewer, id);
    if (!statusMoveFor("Order-picked-up")!.from.includes(order.status)) throw cannotMove(order, "picked up");
    const event = await currentDispatch().pickup(tx, order);
    await applyFulfilment(tx, event, actorOf(viewer));
  });
  return readOrderFor(viewer, id);
}

/**
 * POST /api/orders/{id}/handover `{code}` (its rider or an admin): the right code delivers the
 * order, once however many arrive at once (the row lock makes the second find it delivered and
 * reply as the first did); a wrong one only counts a try (400), and after HANDOVER_ATTEMPTS the
 * order takes none (429) until an admin marks it delivered.
 */
export async function handOverOrder(viewer: SessionUser, id: string, code: string): Promise<ApiOrderWithHistory | CarriedOrder> {
  const wrong = await db().$transaction(async (tx) => {
    const order = await lockOrderForDispatch(tx, viewer, id);
    // A second tap of the right code finds the first one's delivery: the same reply, nothing done twice.
    if (order.status === "delivered" && isHandoverCode(order.handoverCode, code)) return null;
    if (order.status !== "out_for_delivery") throw cannotMove(order, "handed over");
    if (order.handoverAttempts >= HANDOVER_ATTEMPTS) throw new HandoverLocked();
    const outcome = await currentDispatch().handover(tx, order, code);
    if ("wrong" in outcome) return outcome.wrong;
    await applyFulfilment(tx, outcome.delivered, actorOf(viewer));
    return null;
  });
  // Thrown once the try is counted and committed.
  if (wrong) throw new WrongHandoverCode(wrong.attemptsLeft);
  return readOrderFor(viewer, id);
}
