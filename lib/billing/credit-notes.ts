import "server-only";
import type { Transaction } from "@/lib/db/types";
import { financialYearOf } from "@/lib/billing/financial-year";
import { takeSerials } from "@/lib/billing/invoice-counter";
import { creditNoteNumber } from "@/lib/billing/numbers";
import { gstSplit } from "@/lib/billing/tax";
import { toPaise } from "@/lib/money";
import type { DocumentKind, TaxSplit } from "@/lib/billing/types";

// Money given back on a billed order (product.md §11): the refund's credit note, issued in the
// transaction that sees the refund processed (a cash refund at once, lib/payments/refunds.ts; a
// gateway refund when the gateway says so, lib/payments/refund-send.ts), numbered from its own
// series "CN/<FY>/<serial>" by the financial year of that moment, and naming the invoice. A
// refund of an order cancelled before delivery has no invoice to correct, so no credit note.

/** The tax of a refund, split the same way as the bill it corrects: a bill without tax gets a note without tax. */
function creditNoteTax(kind: DocumentKind, amountPaise: number): TaxSplit {
  return kind === "tax_invoice" ? gstSplit(amountPaise) : { taxableValue: amountPaise, cgst: 0, sgst: 0 };
}

/**
 * Issues the credit note of `refundId`, once it is processed, when its order has a bill and the
 * refund no note yet; on the caller's transaction, which holds the order's lock (so one refund
 * is never noted twice). Takes the series' counter last: call it at the end of the transaction.
 */
export async function issueCreditNote(tx: Transaction, refundId: string, at: Date): Promise<void> {
  const refund = await tx.refund.findUnique({
    where: { id: refundId },
    select: {
      amount: true,
      status: true,
      creditNote: { select: { id: true } },
      order: { select: { invoice: { select: { id: true, kind: true } } } },
    },
  });
  const invoice = refund?.order.invoice;
  if (!refund || !invoice || refund.status !== "processed" || refund.creditNote) return;
  const fy = financialYearOf(at).label;
  const [serial] = await takeSerials(tx, "credit_note", fy, 1);
  const amount = toPaise(refund.amount);
  await tx.creditNote.create({
    data: {
      invoiceId: invoice.id,
      refundId,
      number: creditNoteNumber(fy, serial),
      financialYear: fy,
      serial,
      issuedAt: at,
      amount,
      ...creditNoteTax(invoice.kind, amount),
    },
  });
}
