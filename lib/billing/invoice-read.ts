import "server-only";
import { db } from "@/lib/db";
import { looksLikeRowId } from "@/lib/db/schema";
import { NotFound } from "@/lib/errors";
import type { SessionUser } from "@/lib/auth/session";
import type { Invoice } from "@/lib/billing/invoice-types";
import type { IssuedInvoice } from "@/lib/billing/invoice-document";
import { ORDER_NOT_FOUND, visibleTo } from "@/lib/orders/rows";

// GET /api/orders/{id}/invoice (product.md §11): the bill as it was issued (invoices.document,
// never rewritten), with the credit notes issued since, oldest first. Its owner and admins only:
// anyone else meets "Order not found." as for the order itself, so no id is confirmed to exist.

export const NO_INVOICE_YET = "This order has no invoice yet: it is issued when the order is delivered.";

/** The order's bill for `viewer`; 404 for an order they may not see, and before it is delivered. */
export async function getInvoiceFor(viewer: SessionUser, orderId: string): Promise<Invoice> {
  if (!looksLikeRowId(orderId)) throw new NotFound(ORDER_NOT_FOUND);
  const order = await db().order.findFirst({
    where: { id: orderId, ...visibleTo(viewer) },
    select: {
      invoice: {
        select: {
          document: true,
          creditNotes: {
            select: {
              number: true,
              issuedAt: true,
              amount: true,
              taxableValue: true,
              cgst: true,
              sgst: true,
              refund: { select: { reason: true } },
            },
            orderBy: [{ financialYear: "asc" }, { serial: "asc" }],
          },
        },
      },
    },
  });
  if (!order) throw new NotFound(ORDER_NOT_FOUND);
  if (!order.invoice) throw new NotFound(NO_INVOICE_YET);
  // Written only by invoice-issue.ts, from invoiceDocument.
  const document = order.invoice.document as IssuedInvoice;
  return {
    ...document,
    creditNotes: order.invoice.creditNotes.map(({ refund, ...note }) => ({
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
