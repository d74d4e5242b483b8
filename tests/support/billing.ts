import { afterAll, beforeEach } from "vitest";
import { db } from "@/lib/db";
import { resetStore } from "@/tests/support/store";
import type { Prisma } from "@/lib/generated/prisma/client";
import { moveOrders } from "@/lib/flows/move-orders";
import { issueCreditNote } from "@/lib/billing/credit-notes";
import { storedOrder } from "@/tests/support/stored-order";
import { REGULAR_BUSINESS_BODY } from "@/tests/support/business-body";

// Bills for tests (product.md §11): the business on them, orders ready to deliver with the
// amounts a test is about, and delivering them as moveOrders does for an admin's click.

const { grievanceOfficer, ...business } = REGULAR_BUSINESS_BODY;

/** A registered kitchen in Karnataka (REGULAR_BUSINESS_BODY), as the database holds it: its officer's phone normalised. */
export const REGULAR_BUSINESS = {
  ...business,
  regime: "regular",
  grievanceOfficerName: grievanceOfficer.name,
  grievanceOfficerDesignation: grievanceOfficer.designation,
  grievanceOfficerEmail: grievanceOfficer.email,
  grievanceOfficerPhone: "+919845012345",
} satisfies Prisma.BusinessDetailsCreateInput;

/** The business details, saved whole: REGULAR_BUSINESS with `changes`. */
export async function setBusiness(changes: Partial<Prisma.BusinessDetailsCreateInput> = {}): Promise<void> {
  const data = { ...REGULAR_BUSINESS, ...changes };
  await db().businessDetails.upsert({ where: { id: 1 }, create: data, update: data });
}

/**
 * No bill issued yet and every series at 0: numbering tests count from 1. Each worker has its
 * database to itself while a file runs, so bills other files left are theirs no longer.
 */
async function resetBills(): Promise<void> {
  await db().creditNote.deleteMany({});
  await db().invoice.deleteMany({});
  await db().documentCounter.deleteMany({});
}

type Amounts = { lineTotal: number; deliveryFee?: number; packagingCharge?: number };

/** A cash order of `userId` out for delivery: one line worth `lineTotal`, with its fee and packaging in the total. */
export async function outForDelivery(userId: string, { lineTotal, deliveryFee = 40, packagingCharge = 10 }: Amounts): Promise<string> {
  const line = { menuItemId: null, name: "Test bowl", portion: "medium" as const, unitPrice: lineTotal, quantity: 1 };
  const row = await db().order.create({
    data: {
      ...storedOrder(userId, line),
      paymentMethod: "cash_on_delivery",
      status: "out_for_delivery",
      deliveryFee,
      packagingCharge,
      total: lineTotal + deliveryFee + packagingCharge,
    },
  });
  return row.id;
}

/** Delivers `ids` in one transaction, at `at` (now unless a test needs another instant). */
export function deliver(ids: string[], at?: Date): Promise<string[]> {
  return db().$transaction((tx) => moveOrders(tx, { id: { in: ids }, status: "out_for_delivery" }, "delivered", "admin", at));
}

/** Invoice numbers of `ids`, in the order of the ids. */
export async function numbersOf(ids: string[]): Promise<string[]> {
  const rows = await db().invoice.findMany({ where: { orderId: { in: ids } }, select: { orderId: true, number: true } });
  const byOrder = new Map(rows.map((r) => [r.orderId, r.number]));
  return ids.map((id) => byOrder.get(id) ?? "none");
}

/** Each test of the file starts with no bills and REGULAR_BUSINESS saved; after the last, no bills and a fresh install. */
export function freshBillsEachTest(): void {
  beforeEach(async () => {
    await resetBills();
    await setBusiness();
  });
  afterAll(async () => {
    await resetBills();
    await resetStore();
  });
}

/** `rupees` paid back in cash on `orderId`, processed at `at`, with the credit note the refund path issues. */
export async function refunded(orderId: string, rupees: number, at: string): Promise<void> {
  const refund = await db().refund.create({
    data: { orderId, amount: rupees, reason: "Complaint", method: "cash", status: "processed", processedAt: new Date(at) },
  });
  await db().$transaction((tx) => issueCreditNote(tx, refund.id, new Date(at)));
}
