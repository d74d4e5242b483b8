import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { gstr1Figures } from "@/lib/reports/gstr1";
import { gstSplit } from "@/lib/billing/tax";
import { issueCreditNote } from "@/lib/billing/credit-notes";
import { issueInvoices } from "@/lib/billing/invoice-issue";
import { creditNotePath, type CreditNoteDocument } from "@/lib/billing/credit-note-types";
import type { Invoice } from "@/lib/billing/invoice-types";
import type { TaxSplit } from "@/lib/billing/types";
import { csvTotal, fromPortal, plus, returnTotal, sum } from "@/tests/support/return-sums";
import { call, type Caller } from "@/tests/support/api";
import { makeCaller } from "@/tests/support/callers";
import { deleteOrders } from "@/tests/support/delete-orders";
import { promiseAfter, storedOrder } from "@/tests/support/stored-order";
import { deliver, setBusiness } from "@/tests/support/billing";
import { resetStore } from "@/tests/support/store";
import { waitFor } from "@/tests/support/wait";
import { currentMailbox } from "./setup";
import { GET as salesCsvRoute } from "@/app/api/reports/sales.csv/route";
import type { Prisma } from "@/lib/generated/prisma/client";

// The kitchen's books as its accountant reads them (product.md §11, issue 32), over February to
// April 2038: bills for Bengaluru and for Hosur (Tamil Nadu), cash and online, on both sides of the
// February month end and of 31 March (a financial year's end), refunds whole and in parts (one
// against February's bill, one against March's in April), eleven bills to a business buyer, a new
// invoice prefix in mid-March. Each is issued by the shop's own paths at chosen instants: a cash
// order when delivered (moveOrders), an online one when paid (issueInvoices, as settle.ts calls it),
// a refund's credit note when processed (issueCreditNote). A year far ahead, so no other file's
// documents share these months; the workers run in America/Los_Angeles, far from India's clock.

let admin: Caller;
const users: Record<string, string> = {};
const ids: Record<string, string> = {};
const B2B: string[] = [];
const BUYER = { buyerGstin: "27AAPFU0939F1ZV", buyerLegalName: "Udyam Foods LLP" };
const HOSUR = { addressCity: "Hosur", addressState: "Tamil Nadu", addressZip: "635109", addressStreet: "4 SIPCOT Phase II" };

type Extra = Partial<Prisma.OrderUncheckedCreateInput>;

/** An order of `user` worth `total` rupees (₹40 delivery in it), placed just before `at`. */
async function order(user: string, total: number, at: string, extra: Extra = {}): Promise<string> {
  const line = { menuItemId: null, name: "Books bowl", portion: "medium" as const, unitPrice: total - 40, quantity: 1 };
  const placed = new Date(new Date(at).getTime() - 20 * 60_000);
  const { id } = await db().order.create({
    data: { ...storedOrder(users[user], line), ...promiseAfter(placed), createdAt: placed, ...extra },
  });
  return id;
}

/** A cash order delivered (so billed) at `at`. */
async function cash(user: string, total: number, at: string, extra: Extra = {}): Promise<string> {
  const id = await order(user, total, at, { paymentMethod: "cash_on_delivery", status: "out_for_delivery", ...extra });
  await deliver([id], new Date(at));
  return id;
}

/** An order paid by UPI at `at`, billed in that transaction as the payment's is (settle.ts). */
async function online(user: string, total: number, at: string, extra: Extra = {}): Promise<string> {
  const paidAt = new Date(at);
  const id = await order(user, total, at, {
    paymentMethod: "upi",
    paymentStatus: "paid",
    status: "pending",
    paidAt,
    gatewayPaymentId: `pay_${randomBytes(6).toString("hex")}`,
    ...extra,
  });
  await db().$transaction((tx) => issueInvoices(tx, [id], paidAt));
  return id;
}

/** `rupees` given back on `orderId` at `at` (through the gateway for an online order, else cash), with its credit note. */
async function refunded(orderId: string, rupees: number, at: string): Promise<void> {
  const { gatewayPaymentId } = await db().order.findUniqueOrThrow({ where: { id: orderId }, select: { gatewayPaymentId: true } });
  const method = gatewayPaymentId ? "gateway" : "cash";
  const refund = await db().refund.create({
    data: { orderId, amount: rupees, reason: "Complaint", method, gatewayPaymentId, status: "processed", processedAt: new Date(at) },
  });
  await db().$transaction((tx) => issueCreditNote(tx, refund.id, new Date(at)));
}

beforeAll(async () => {
  admin = await makeCaller("admin");
  for (const name of ["bengaluru", "hosur", "business"]) {
    const user = await db().user.create({
      data: { name: `Books ${name}`, email: `books.${name}.${randomBytes(5).toString("hex")}@example.com`, emailConfirmedAt: new Date() },
    });
    users[name] = user.id;
  }
  await setBusiness();
  // February's last bill, 23:59:59.999 IST on the 28th: FB/37-38/1.
  ids.feb = await cash("bengaluru", 349, "2038-02-28T18:29:59.999Z");
  // Paid online at 00:00 IST on 1 March, delivered to Hosur: billed in March when paid, FB/37-38/2.
  ids.hosur = await online("hosur", 999, "2038-02-28T18:30:00.000Z", HOSUR);
  ids.march = await cash("bengaluru", 450, "2038-03-10T06:00:00.000Z");
  // Eleven bills to a business buyer, delivered in one move at one instant: FB/37-38/4 … /14.
  for (let n = 0; n < 11; n += 1) {
    B2B.push(
      await order("business", 100, `2038-03-15T05:${String(n).padStart(2, "0")}:00.000Z`, {
        ...BUYER,
        paymentMethod: "cash_on_delivery",
        status: "out_for_delivery",
      }),
    );
  }
  await deliver(B2B, new Date("2038-03-15T06:00:00.000Z"));
  // A new prefix from here: AB sorts before FB, yet FB came first.
  await setBusiness({ invoicePrefix: "AB" });
  // Paid at 23:50 IST on 31 March, out for delivery then, delivered on 1 April: March's bill, AB/37-38/15.
  ids.late = await online("bengaluru", 250, "2038-03-31T18:20:00.000Z", { status: "out_for_delivery" });
  await deliver([ids.late], new Date("2038-04-01T04:00:00.000Z"));
  ids.lastMarch = await cash("bengaluru", 105, "2038-03-31T18:29:59.999Z");
  // The new financial year's first bill, 00:00 IST on 1 April: AB/38-39/1.
  ids.april = await cash("hosur", 150, "2038-03-31T18:30:00.000Z", HOSUR);

  await refunded(ids.feb, 100, "2038-03-02T06:00:00.000Z");
  await refunded(ids.hosur, 2, "2038-03-03T06:00:00.000Z");
  for (const id of B2B) await refunded(id, 10, "2038-03-20T06:00:00.000Z");
  await refunded(ids.hosur, 997, "2038-03-31T17:30:00.000Z");
  await refunded(ids.late, 250, "2038-04-02T06:00:00.000Z");
  await refunded(ids.april, 50, "2038-04-05T06:00:00.000Z");
});

afterAll(async () => {
  await deleteOrders({ userId: { in: Object.values(users) } });
  await db().documentCounter.deleteMany({ where: { financialYear: { in: ["37-38", "38-39"] } } });
  await db().user.deleteMany({ where: { id: { in: [...Object.values(users), admin.id] } } });
  await resetStore();
});

const split = (rupees: number) => gstSplit(rupees * 100);

/** The sales CSV by invoice of India days `from`..`to`, as rows of cells. */
async function csvRows(from: string, to: string): Promise<string[][]> {
  const reply = await call(salesCsvRoute, "GET", `/api/reports/sales.csv?from=${from}&to=${to}&by=invoice`, { caller: admin });
  expect(reply.status).toBe(200);
  return reply.text
    .split("\r\n")
    .slice(1, -1)
    .map((line) => line.split(","));
}

const numbers = (from: number, to: number, prefix: string) => Array.from({ length: to - from + 1 }, (_, n) => `${prefix}${from + n}`);

const billOf = async (orderId: string) => (await db().invoice.findUniqueOrThrow({ where: { orderId } })).document as unknown as Invoice;

describe("the accountant's journeys", () => {
  it("a bill to Hosur is supplied in Karnataka: CGST + SGST, the buyer's Tamil Nadu shown; every report says 29", async () => {
    const bill = await billOf(ids.hosur);
    expect(bill.number).toBe("FB/37-38/2");
    expect(bill.placeOfSupply).toEqual({ state: "Karnataka", code: "29" });
    expect(bill.buyer).toMatchObject({ state: "Tamil Nadu", stateCode: "33" });
    expect(bill).toMatchObject({ ...split(999), total: 99_900, reverseCharge: false });
    const march = await gstr1Figures(admin, "2038-03");
    expect(march.b2cs.map((r) => [r.pos, r.sply_ty])).toEqual([["29", "INTRA"]]);
    expect([...march.b2b.flatMap((b) => b.inv), ...(march.cdnr ?? []).flatMap((b) => b.nt)].every((d) => d.pos === "29")).toBe(true);
    expect(new Set((await csvRows("2038-03-01", "2038-04-30")).map((r) => r[5]))).toEqual(new Set(["29-Karnataka"]));
  });

  it("online orders are billed when paid, cash ones when delivered, on India's clock across both turns", async () => {
    const dated = async (key: string) => {
      const row = await db().invoice.findUniqueOrThrow({ where: { orderId: ids[key] } });
      return [row.number, row.issuedAt.toISOString()];
    };
    expect(await dated("feb")).toEqual(["FB/37-38/1", "2038-02-28T18:29:59.999Z"]);
    expect(await dated("hosur")).toEqual(["FB/37-38/2", "2038-02-28T18:30:00.000Z"]);
    // Delivered in April, billed when paid in March, once.
    expect(await dated("late")).toEqual(["AB/37-38/15", "2038-03-31T18:20:00.000Z"]);
    expect(await db().invoice.count({ where: { orderId: ids.late } })).toBe(1);
    expect(await dated("lastMarch")).toEqual(["AB/37-38/16", "2038-03-31T18:29:59.999Z"]);
    expect(await dated("april")).toEqual(["AB/38-39/1", "2038-03-31T18:30:00.000Z"]);
  });

  it("refunds in parts credit exactly the bill, never a paisa more; April's note names March's bill and date", async () => {
    const hosur = await db().creditNote.findMany({ where: { invoice: { orderId: ids.hosur } }, orderBy: { serial: "asc" } });
    expect(hosur.map((n) => n.number)).toEqual(["CN/37-38/2", "CN/37-38/14"]);
    expect(sum(hosur)).toEqual(split(999));
    const [april] = await db().creditNote.findMany({ where: { invoice: { orderId: ids.late } } });
    const note = april.document as unknown as CreditNoteDocument;
    expect(note.number).toBe("CN/38-39/1");
    expect(note.invoice).toEqual({ number: "AB/37-38/15", issuedAt: "2038-03-31T18:20:00.000Z" });
    expect(note).toMatchObject({ amount: 25_000, ...split(250), placeOfSupply: { state: "Karnataka", code: "29" } });
    // One mail per note, sent after the transaction that issued it, linking its page.
    const notes = await db().creditNote.findMany({
      where: { invoice: { order: { userId: { in: Object.values(users) } } } },
      select: { number: true, invoice: { select: { orderId: true } } },
    });
    expect(notes).toHaveLength(16);
    const paths = notes.map((n) => creditNotePath(n.invoice.orderId, n.number));
    const mailed = await waitFor(
      () => {
        const texts = currentMailbox().mails.map((m) => m.text);
        const counts = paths.map((path) => texts.filter((t) => t.includes(path)).length);
        return counts.every((c) => c > 0) && counts;
      },
      { what: "a mail for every credit note" },
    );
    expect(mailed).toEqual(paths.map(() => 1));
  });

  it("GSTR-1 lists B2B invoices and notes as issued, /9 before /10; each prefix's documents in the order first used", async () => {
    const march = await gstr1Figures(admin, "2038-03");
    expect(march.b2b.map((b) => b.ctin)).toEqual([BUYER.buyerGstin]);
    expect(march.b2b[0].inv.map((i) => i.inum)).toEqual(numbers(4, 14, "FB/37-38/"));
    expect(march.b2b[0].inv.every((i) => i.idt === "15-03-2038" && i.val === 100)).toBe(true);
    expect(march.cdnr?.map((b) => b.ctin)).toEqual([BUYER.buyerGstin]);
    expect(march.cdnr?.[0].nt.map((n) => n.nt_num)).toEqual(numbers(3, 13, "CN/37-38/"));
    const [invoices, notes] = march.doc_issue.doc_det;
    expect(invoices.docs).toEqual([
      { num: 1, from: "FB/37-38/2", to: "FB/37-38/14", totnum: 13, cancel: 0, net_issue: 13 },
      { num: 2, from: "AB/37-38/15", to: "AB/37-38/16", totnum: 2, cancel: 0, net_issue: 2 },
    ]);
    expect(notes.docs).toEqual([{ num: 1, from: "CN/37-38/1", to: "CN/37-38/14", totnum: 14, cancel: 0, net_issue: 14 }]);
    const april = await gstr1Figures(admin, "2038-04");
    expect(april.doc_issue.doc_det.map((d) => d.docs)).toEqual([
      [{ num: 1, from: "AB/38-39/1", to: "AB/38-39/1", totnum: 1, cancel: 0, net_issue: 1 }],
      [{ num: 1, from: "CN/38-39/1", to: "CN/38-39/2", totnum: 2, cancel: 0, net_issue: 2 }],
    ]);
  });

  it("the sales CSV by invoice lists documents as issued, /9 before /10, even at one instant", async () => {
    const bills = await csvRows("2038-03-15", "2038-03-15");
    expect(bills.map((r) => r[2])).toEqual(numbers(4, 14, "FB/37-38/"));
    const notes = await csvRows("2038-03-20", "2038-03-20");
    expect(notes.map((r) => r[2])).toEqual(numbers(3, 13, "CN/37-38/"));
    // Read in batches with a keyset: the whole span has every document once, in issue order.
    const all = (await csvRows("2038-02-01", "2038-04-30")).map((r) => r[2]);
    expect(new Set(all).size).toBe(all.length);
    expect(all.filter((n) => n.startsWith("FB/") || n.startsWith("AB/37"))).toEqual([
      ...numbers(1, 14, "FB/37-38/"),
      ...numbers(15, 16, "AB/37-38/"),
    ]);
  });

  it("each month's GSTR-1 and its sales CSV by invoice add up to the same taxable value and tax, to the paisa", async () => {
    // By hand: the month's bills less the month's notes, each bill's notes split cumulatively.
    const b2bNotes = sum(B2B.map(() => split(10)));
    const expected: Record<string, TaxSplit> = {
      "2038-02": split(349),
      "2038-03": plus(
        sum([split(999), split(450), ...B2B.map(() => split(100)), split(250), split(105)]),
        sum([split(100), split(999), b2bNotes]),
        -1,
      ),
      "2038-04": plus(split(150), sum([split(250), split(50)]), -1),
    };
    const days: Record<string, [string, string]> = {
      "2038-02": ["2038-02-01", "2038-02-28"],
      "2038-03": ["2038-03-01", "2038-03-31"],
      "2038-04": ["2038-04-01", "2038-04-30"],
    };
    for (const [month, net] of Object.entries(expected)) {
      const figures = await gstr1Figures(admin, month);
      const rows = await csvRows(...days[month]);
      expect(returnTotal(figures), month).toEqual(net);
      expect(csvTotal(rows), month).toEqual(net);
      expect(sum([...figures.hsn.hsn_b2b, ...figures.hsn.hsn_b2c].map(fromPortal)), month).toEqual(net);
    }
    // The B2B side on its own: eleven ₹100 bills less eleven ₹10 notes, as the HSN's B2B row says.
    const march = await gstr1Figures(admin, "2038-03");
    expect(fromPortal(march.hsn.hsn_b2b[0])).toEqual(plus(sum(B2B.map(() => split(100))), b2bNotes, -1));
  });
});
