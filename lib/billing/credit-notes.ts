import "server-only";
import type { Transaction } from "@/lib/db/types";
import type { Prisma } from "@/lib/generated/prisma/client";
import { financialYearOf } from "@/lib/billing/financial-year";
import { datedAfterNumber, takeSerials } from "@/lib/billing/invoice-counter";
import { creditNoteNumber } from "@/lib/billing/numbers";
import { creditNoteSplit } from "@/lib/billing/tax";
import { creditNoteDocument } from "@/lib/billing/credit-note-document";
import { toPaise } from "@/lib/money";
import { queueMail } from "@/lib/jobs/mail";

// Money given back on a billed order (product.md §11): the refund's credit note, issued in the
// transaction that sees the refund processed (a cash refund at once, lib/payments/refunds.ts; a
// gateway refund when the gateway says so, lib/payments/refund-send.ts), numbered from its own
// series "CN/<FY>/<serial>" by the financial year of that moment, and naming the invoice. An
// order never billed has no invoice to correct, so no credit note.
//
// Only the bill's own money is credited. A refund of another payment (a second payment for an
// order already paid, one made after the customer switched to paying on delivery, one arriving
// after the order was cancelled: lib/payments/settle.ts) returns money the bill never counted,
// so crediting it would take tax off the books that was never charged on it. The bill's own money
// is what came in as the order's payment: cash (paid back by hand), or the gateway payment the
// order records as its own. (A payment after a cancellation becomes the order's own, but such an
// order was never paid in time, so never billed.)
//
// The note is mailed where it is issued: the refund's mail, queued in the issuing transaction,
// links the note's page, so the customer gets one mail per note, whatever started the refund (a
// cancellation's mail tells only that the refund has started; a gateway refund is credited when
// the gateway has processed it, maybe hours after it was asked for).

const noteColumns = {
  amount: true,
  reason: true,
  status: true,
  method: true,
  gatewayPaymentId: true,
  creditNote: { select: { id: true } },
  order: {
    select: {
      gatewayPaymentId: true,
      invoice: {
        select: {
          id: true,
          number: true,
          issuedAt: true,
          kind: true,
          total: true,
          buyerGstin: true,
          buyerLegalName: true,
          document: true,
          creditNotes: { select: { amount: true } },
        },
      },
    },
  },
} satisfies Prisma.RefundSelect;

/** Whether the refund gives back the order's own payment (the money its bill counts), not another one. */
function refundsTheBillsMoney(refund: { method: string; gatewayPaymentId: string | null }, order: { gatewayPaymentId: string | null }) {
  return refund.method === "cash" || (refund.gatewayPaymentId !== null && refund.gatewayPaymentId === order.gatewayPaymentId);
}

/** The refund, its bill and the paise its note would credit, when it is one to credit (whatever its status); else null. */
async function toCredit(tx: Transaction, refundId: string) {
  const refund = await tx.refund.findUnique({ where: { id: refundId }, select: noteColumns });
  const invoice = refund?.order.invoice;
  if (!refund || !invoice || refund.creditNote || !refundsTheBillsMoney(refund, refund.order)) return null;
  const creditedBefore = invoice.creditNotes.reduce((sum, note) => sum + note.amount, 0);
  // Never more than the bill charged: refunds of the own payment stop at the total (refundableLeft),
  // and this holds the line should anything else ever credit the bill.
  const amount = Math.min(toPaise(refund.amount), invoice.total - creditedBefore);
  return amount > 0 ? { refund, invoice, creditedBefore, amount } : null;
}

/**
 * Whether `refundId`, once processed, gets a credit note (and with it its mail): so whoever starts
 * it leaves the mail to the note. On the caller's transaction, holding the order's lock.
 */
export async function creditNoteFollows(tx: Transaction, refundId: string): Promise<boolean> {
  return (await toCredit(tx, refundId)) !== null;
}

/**
 * Issues the credit note of `refundId`, once it is processed, when its order has a bill, the
 * refund gives back the bill's own money and has no note yet, and queues the refund's mail that
 * links it; on the caller's transaction, which holds the order's lock (so one refund is never
 * noted twice, and notes of one bill are split one after another). Takes the series' counter
 * last: call it at the end of the transaction. Whether it issued one.
 */
export async function issueCreditNote(tx: Transaction, refundId: string, at: Date): Promise<boolean> {
  const started = Date.now();
  const found = await toCredit(tx, refundId);
  if (!found || found.refund.status !== "processed") return false;
  const { refund, invoice, creditedBefore, amount } = found;
  const split = creditNoteSplit(invoice.kind, creditedBefore, amount);
  const year = financialYearOf(at);
  const fy = year.label;
  const [serial] = await takeSerials(tx, "credit_note", fy, 1);
  const number = creditNoteNumber(fy, serial);
  const issuedAt = datedAfterNumber(at, started, year);
  const document = creditNoteDocument(invoice, { number, issuedAt, reason: refund.reason, amount, ...split });
  await tx.creditNote.create({
    data: { invoiceId: invoice.id, refundId, number, financialYear: fy, serial, issuedAt, amount, ...split, document },
  });
  await queueMail(tx, { mail: "refund", refundId });
  return true;
}
