import "server-only";
import { db } from "@/lib/db";
import { looksLikeRowId } from "@/lib/db/schema";
import { NotFound } from "@/lib/errors";
import type { SessionUser } from "@/lib/auth/session";
import type { Invoice, PlaceOfSupply } from "@/lib/billing/invoice-types";
import type { IssuedInvoice } from "@/lib/billing/invoice-document";
import { noteSummaryColumns } from "@/lib/billing/credit-note-read";
import { invoicePdf } from "@/lib/billing/pdf";
import { matchState } from "@/lib/billing/states";
import { ORDER_NOT_FOUND, visibleTo } from "@/lib/orders/rows";

// GET /api/orders/{id}/invoice (product.md §11): the bill as it was issued (invoices.document,
// never rewritten), with the credit notes issued since, oldest first; and its PDF, rendered once
// and kept. Its owner and admins only: anyone else meets "Order not found." as for the order
// itself, so no id is confirmed to exist.

export const NO_INVOICE_YET = "This order has no invoice yet: an order paid online is billed when paid, one paid in cash when delivered.";

/** A document issued before bills carried a buyer's GSTIN, a discount and the place of supply as an object. */
type EarlierDocument = Omit<IssuedInvoice, "placeOfSupply" | "discount" | "reverseCharge" | "buyer"> & {
  placeOfSupply: PlaceOfSupply | string;
  discount?: number;
  reverseCharge?: false;
  buyer: Omit<IssuedInvoice["buyer"], "gstin" | "legalName"> & Partial<Pick<IssuedInvoice["buyer"], "gstin" | "legalName">>;
};

/** "29-Karnataka" as earlier documents wrote it. */
function placeOf(value: PlaceOfSupply | string): PlaceOfSupply {
  if (typeof value !== "string") return value;
  const state = matchState(value);
  return state ? { state: state.name, code: state.code } : { state: value, code: "" };
}

/** The issued document in today's shape; what an earlier one said is kept as it said it. */
function issued(document: EarlierDocument): IssuedInvoice {
  return {
    ...document,
    placeOfSupply: placeOf(document.placeOfSupply),
    discount: document.discount ?? 0,
    reverseCharge: false,
    buyer: { ...document.buyer, gstin: document.buyer.gstin ?? null, legalName: document.buyer.legalName ?? null },
  };
}

async function visibleOrder(viewer: SessionUser, orderId: string) {
  if (!looksLikeRowId(orderId)) throw new NotFound(ORDER_NOT_FOUND);
  const order = await db().order.findFirst({
    where: { id: orderId, ...visibleTo(viewer) },
    select: {
      invoice: {
        select: {
          id: true,
          document: true,
          creditNotes: {
            select: noteSummaryColumns,
            orderBy: [{ financialYear: "asc" }, { serial: "asc" }],
          },
        },
      },
    },
  });
  if (!order) throw new NotFound(ORDER_NOT_FOUND);
  if (!order.invoice) throw new NotFound(NO_INVOICE_YET);
  return order.invoice;
}

/** The order's bill for `viewer`; 404 for an order they may not see, and before it is issued. */
export async function getInvoiceFor(viewer: SessionUser, orderId: string): Promise<Invoice> {
  const invoice = await visibleOrder(viewer, orderId);
  // Written only by invoice-issue.ts, from invoiceDocument.
  return {
    ...issued(invoice.document as EarlierDocument),
    creditNotes: invoice.creditNotes.map(({ refund, ...note }) => ({
      number: note.number,
      issuedAt: note.issuedAt.toISOString(),
      reason: refund.reason,
      amount: note.amount,
      taxableValue: note.taxableValue,
      cgst: note.cgst,
      sgst: note.sgst,
    })),
  };
}

/**
 * The bill's PDF for `viewer`, as first rendered: kept with the invoice, so the document a
 * customer downloaded once is the one they download again, whatever changes later.
 */
export async function getInvoicePdfFor(viewer: SessionUser, orderId: string): Promise<{ number: string; pdf: Uint8Array }> {
  const invoice = await visibleOrder(viewer, orderId);
  const stored = await db().invoice.findUniqueOrThrow({ where: { id: invoice.id }, select: { number: true, pdf: true } });
  if (stored.pdf) return { number: stored.number, pdf: stored.pdf };
  const pdf = await invoicePdf(issued(invoice.document as EarlierDocument));
  // Two first downloads at once: the one stored first is the one both, and every later one, get.
  await db().invoice.updateMany({ where: { id: invoice.id, pdf: null }, data: { pdf: Buffer.from(pdf) } });
  const kept = await db().invoice.findUniqueOrThrow({ where: { id: invoice.id }, select: { pdf: true } });
  return { number: stored.number, pdf: kept.pdf ?? pdf };
}
