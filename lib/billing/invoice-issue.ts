import "server-only";
import type { Transaction } from "@/lib/db/types";
import type { Prisma } from "@/lib/generated/prisma/client";
import { FRESH_INSTALL_BUSINESS } from "@/lib/billing/business-schema";
import { financialYearOf } from "@/lib/billing/financial-year";
import { invoiceDocument, placeOfSupplyLabel } from "@/lib/billing/invoice-document";
import { datedAfterNumber, takeSerials } from "@/lib/billing/invoice-counter";
import { invoiceNumber, maxSerial } from "@/lib/billing/numbers";
import { Conflict } from "@/lib/errors";
import type { BusinessDetails } from "@/lib/billing/types";
import { addressColumns, storedOptions } from "@/lib/orders/rows";

// Issuing an order's bill at its time of supply (product.md §11, CGST Act s.13): an order paid
// online when its payment is recorded (lib/payments/settle.ts), a cash order when it is delivered
// (lib/flows/move-orders.ts), each in that transaction, so the two commit together or not at all. Every regime's document is numbered from the one series (a receipt of an unregistered
// kitchen too): the customer and the kitchen's books get one unbroken run of bill numbers, and a
// kitchen that registers mid-year simply carries on counting.

/**
 * The business details as the delivering transaction sees them. Read here rather than through
 * business.ts, whose cached reader belongs to pages: a bill takes the details of the moment.
 */
async function businessNow(tx: Transaction): Promise<BusinessDetails> {
  const row = await tx.businessDetails.findUnique({ where: { id: 1 } });
  if (!row) return FRESH_INSTALL_BUSINESS;
  const {
    grievanceOfficerName: name,
    grievanceOfficerDesignation: designation,
    grievanceOfficerEmail: email,
    grievanceOfficerPhone: phone,
  } = row;
  return { ...row, grievanceOfficer: { name, designation, email, phone } };
}

const billedColumns = {
  id: true,
  subtotal: true,
  discount: true,
  deliveryFee: true,
  packagingCharge: true,
  total: true,
  buyerGstin: true,
  buyerLegalName: true,
  ...addressColumns,
  lines: {
    select: { name: true, portion: true, unitPrice: true, quantity: true, lineTotal: true, options: true, note: true },
    orderBy: { position: "asc" },
  },
} satisfies Prisma.OrderSelect;

const NUMBERS_RUN_OUT = (prefix: string, fy: string) =>
  `Invoice numbers with the prefix ${prefix} have run out for the financial year ${fy}. Choose a shorter invoice prefix in Business and bills, then deliver again.`;

/**
 * Issues one bill for each of `orderIds` that has none yet (just paid or delivered at `at`, on the
 * caller's transaction), numbered in the order they were placed with the next serials of the
 * financial year `at` falls in, on India's clock. An order paid online was billed when paid: its
 * delivery bills nothing again.
 */
export async function issueInvoices(tx: Transaction, orderIds: string[], at: Date): Promise<void> {
  if (orderIds.length === 0) return;
  const started = Date.now();
  const orders = await tx.order.findMany({
    where: { id: { in: orderIds }, invoice: null },
    select: billedColumns,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  if (orders.length === 0) return;
  const business = await businessNow(tx);
  const year = financialYearOf(at);
  const fy = year.label;
  const serials = await takeSerials(tx, "invoice", fy, orders.length);
  const issuedAt = datedAfterNumber(at, started, year);
  // A number may not pass 16 characters (GST's rule 46(b)): past the prefix's last serial the
  // delivery is refused, and rolled back with its numbers, rather than billed with a broken number.
  if (serials.at(-1)! > maxSerial(business.invoicePrefix)) throw new Conflict(NUMBERS_RUN_OUT(business.invoicePrefix, fy));
  await tx.invoice.createMany({
    data: orders.map((order, i) => {
      const number = invoiceNumber(business.invoicePrefix, fy, serials[i]);
      const lines = order.lines.map((line) => ({ ...line, options: storedOptions(line.options) }));
      const document = invoiceDocument({ ...order, lines }, business, number, issuedAt);
      return {
        orderId: order.id,
        number,
        financialYear: fy,
        serial: serials[i],
        kind: document.kind,
        issuedAt,
        total: document.total,
        taxableValue: document.taxableValue,
        cgst: document.cgst,
        sgst: document.sgst,
        placeOfSupply: placeOfSupplyLabel(document.placeOfSupply),
        buyerGstin: order.buyerGstin,
        buyerLegalName: order.buyerLegalName,
        document,
      };
    }),
  });
}
