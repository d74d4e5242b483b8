import "server-only";
import type { Transaction } from "@/lib/db/types";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { OrderStatus } from "@/lib/orders/status";
import type { OrderActor } from "@/lib/orders/types";
import { recordMoves } from "@/lib/orders/status-changes";
import { refundCancelledPayments } from "@/lib/payments/cancel-refunds";
import { issueInvoices } from "@/lib/billing/invoice-issue";
import { orderStatusMailJob, queueMails } from "@/lib/jobs/mail";
import { currentDispatch } from "@/lib/riders/own-riders";
import { messageEventOfStatus, queueOrderMessages } from "@/lib/jobs/messages";

/**
 * Moves orders along their lifecycle, and everything a move implies, on the caller's
 * transaction (one admin's click, cancelling a customer's open orders, an unpaid order expiring):
 *   1. the orders move, each with its history step (only those still in the status `where` names);
 *   2. cancelled: an order paid online is refunded in full (product.md §10), and whoever carries
 *      it is told to stop (the dispatch port, §12);
 *   3. each customer is mailed about out for delivery, delivered, cancelled (§7), and their
 *      phones are told of those and of confirmed (§14);
 *   4. delivered: each gets its bill (§11), last, as the bill's counter is held from then until
 *      the transaction ends.
 * The ids moved. `at` is now, but for tests of the financial year's turn.
 */
export async function moveOrders(
  tx: Transaction,
  where: Prisma.OrderWhereInput,
  to: OrderStatus,
  by: OrderActor,
  at: Date = new Date(),
): Promise<string[]> {
  const ids = await recordMoves(tx, where, to, by, at);
  if (ids.length === 0) return [];
  if (to === "cancelled") {
    await refundCancelledPayments(tx, ids, at);
    await currentDispatch().cancel(tx, ids);
  }
  await queueMails(
    tx,
    ids.flatMap((id) => orderStatusMailJob(id, to, by, at) ?? []),
  );
  const event = messageEventOfStatus(to);
  if (event) await queueOrderMessages(tx, ids, event);
  if (to === "delivered") await issueInvoices(tx, ids, at);
  return ids;
}
