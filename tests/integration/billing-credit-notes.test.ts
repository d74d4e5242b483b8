import { describe, expect } from "vitest";
import { test } from "./fixtures";
import { db } from "@/lib/db";
import { POST as refundRoute } from "@/app/api/orders/[id]/refund/route";
import { GET as invoiceRoute } from "@/app/api/orders/[id]/invoice/route";
import { financialYearOf } from "@/lib/billing/financial-year";
import type { Invoice } from "@/lib/billing/invoice-types";
import { call, type AnyHandler } from "@/tests/support/api";
import * as online from "@/tests/support/online-payments";
import { deliver, freshBillsEachTest, outForDelivery, setBusiness } from "@/tests/support/billing";
import { GET as creditNoteRoute } from "@/app/api/orders/[id]/credit-notes/[number]/route";
import { getCreditNoteFor } from "@/lib/billing/credit-note-read";
import { creditNoteView } from "@/lib/billing/credit-note-view";
import { composeMail } from "@/lib/email/compose";
import { PDFDocument } from "pdf-lib";
import { Prisma } from "@/lib/generated/prisma/client";
import type { SessionUser } from "@/lib/auth/session";

// Credit notes (product.md §11): money given back on a billed order, cash at once or through
// the gateway (its imitation) once processed, gets a note of its own series "CN/<FY>/<serial>",
// its tax split as the bill's, listed under the bill's creditNotes. A refund of an order
// cancelled before delivery has no bill, so no note. The mail worker is paused: jobs are run
// by calling their functions, as tests/integration/payments-refunds.test.ts does.

const fy = financialYearOf(new Date()).label;

const it = test
  /** An order placed and paid by UPI (the imitation's Checkout), pending in the kitchen; its id. */
  .extend(
    "paidOrder",
    async ({ gateway, item, customer }) =>
      async () =>
        (await online.placeAndPay(gateway, customer, item)).order.id,
  )
  /** An admin's refund of `amount` rupees of order `id`. */
  .extend(
    "refund",
    ({ admin }) =>
      (id: string, amount: number) =>
        call(refundRoute as AnyHandler, "POST", `/api/orders/${id}/refund`, {
          headers: admin.headers,
          params: { id },
          body: { amount, reason: "Cold" },
        }),
  )
  /** The bill of order `id`, as its customer reads it. */
  .extend(
    "invoiceOf",
    ({ customer }) =>
      async (id: string) =>
        (await call(invoiceRoute as AnyHandler, "GET", `/api/orders/${id}/invoice`, { headers: customer.headers, params: { id } }))
          .json as Invoice,
  );

/** The session user of account `id`, as a page gets it. */
const userOf = async (id: string): Promise<SessionUser> => {
  const u = await db().user.findUniqueOrThrow({ where: { id }, select: { id: true, name: true, email: true, role: true } });
  return u as SessionUser;
};

freshBillsEachTest();
it.beforeEach(({ gateway }) => {
  gateway.setRefundBehaviour("processed");
});

describe("credit notes", () => {
  it("a cash refund after delivery: CN/<FY>/1 at once, its tax split, under the bill's creditNotes", async ({
    refund,
    invoiceOf,
    customer,
    admin,
    shop,
    item,
  }) => {
    const id = await shop.order(customer.id, item);
    await online.deliverOrder(admin, id);
    expect((await refund(id, 100)).status).toBe(201);
    const bill = await invoiceOf(id);
    expect(bill.creditNotes).toEqual([
      { number: `CN/${fy}/1`, issuedAt: expect.any(String), reason: "Cold", amount: 10_000, taxableValue: 9524, cgst: 238, sgst: 238 },
    ]);
    const note = await db().creditNote.findFirstOrThrow({ include: { invoice: true, refund: true } });
    expect(note.invoice.number).toBe(bill.number);
    expect(note.refund).toMatchObject({ orderId: id, amount: 100, status: "processed" });
    // A second, partial one: the series goes on.
    expect((await refund(id, 50)).status).toBe(201);
    expect((await invoiceOf(id)).creditNotes.map((n) => [n.number, n.amount, n.taxableValue, n.cgst, n.sgst])).toEqual([
      [`CN/${fy}/1`, 10_000, 9524, 238, 238],
      [`CN/${fy}/2`, 5000, 4762, 119, 119],
    ]);
  });

  it("through the gateway: no note while pending; CN once processed (send job or refund.processed), once", async ({
    paidOrder,
    refund,
    invoiceOf,
    gateway,
    admin,
  }) => {
    const sent = await paidOrder();
    await online.deliverOrder(admin, sent);
    expect((await refund(sent, 100)).status).toBe(201);
    expect(await db().creditNote.count()).toBe(0);
    expect(await online.sendPendingRefunds(sent)).toEqual(["processed"]);
    expect((await invoiceOf(sent)).creditNotes).toEqual([expect.objectContaining({ number: `CN/${fy}/1`, amount: 10_000, cgst: 238 })]);

    gateway.setRefundBehaviour("pending");
    const later = await paidOrder();
    await online.deliverOrder(admin, later);
    expect((await refund(later, 60)).status).toBe(201);
    expect(await online.sendPendingRefunds(later)).toEqual(["pending"]);
    expect((await invoiceOf(later)).creditNotes).toEqual([]);
    const gatewayRefund = gateway.refunds().find((r) => r.amount === 6000 && r.status !== "processed")!;
    gateway.settleRefund(gatewayRefund.id, "processed");
    const event = gateway.webhooks.events.find((e) => e.event === "refund.processed" && e.body.includes(gatewayRefund.id))!;
    expect((await online.deliverWebhook(event)).status).toBe(200);
    expect(await online.runEventJobs([event.id])).toEqual(["refund_processed"]);
    // The send job's later look finds it settled: no second note.
    await online.sendPendingRefunds(later);
    expect((await invoiceOf(later)).creditNotes).toEqual([expect.objectContaining({ number: `CN/${fy}/2`, amount: 6000 })]);
    expect(await db().creditNote.count()).toBe(2);
  });

  it("under composition the note carries no tax, as its bill of supply", async ({ refund, invoiceOf, customer, admin, shop, item }) => {
    await setBusiness({ regime: "composition" });
    const id = await shop.order(customer.id, item);
    await online.deliverOrder(admin, id);
    await refund(id, 100);
    expect((await invoiceOf(id)).creditNotes).toEqual([
      expect.objectContaining({ amount: 10_000, taxableValue: 10_000, cgst: 0, sgst: 0 }),
    ]);
  });

  it("an order paid online is billed when paid: cancelled before delivery, its refund gets a note for the whole bill", async ({
    paidOrder,
    customer,
    invoiceOf,
  }) => {
    const id = await paidOrder();
    const bill = await invoiceOf(id);
    expect(bill.number).toBe(`FB/${fy}/1`);
    expect((await online.patchOrder(customer, id, { status: "cancelled" })).status).toBe(200);
    expect(await online.sendPendingRefunds(id)).toEqual(["processed"]);
    const [note] = (await invoiceOf(id)).creditNotes;
    expect(note).toMatchObject({
      number: `CN/${fy}/1`,
      amount: bill.total,
      taxableValue: bill.taxableValue,
      cgst: bill.cgst,
      sgst: bill.sgst,
    });
  });
});

describe("credit notes as documents", () => {
  const noteRoute = (caller: { headers: Record<string, string> } | undefined, id: string, number: string) =>
    call(creditNoteRoute as AnyHandler, "GET", `/api/orders/${id}/credit-notes/${encodeURIComponent(number)}`, {
      headers: caller?.headers ?? {},
      params: { id, number: encodeURIComponent(number) },
    });

  it("₹2 then ₹997 of a ₹999 bill: the notes credit exactly the bill's taxable value and tax, never a paisa more", async ({
    refund,
    invoiceOf,
    customer,
  }) => {
    const id = await outForDelivery(customer.id, { lineTotal: 949 });
    await deliver([id]);
    const before = await invoiceOf(id);
    expect([before.total, before.taxableValue, before.cgst, before.sgst]).toEqual([99_900, 95_143, 2379, 2378]);
    expect((await refund(id, 2)).status).toBe(201);
    expect((await refund(id, 997)).status).toBe(201);
    const bill = await invoiceOf(id);
    // Each split on its own would be 190 + 5 + 5 and 94952 + 2374 + 2374: SGST 23.79 against 23.78.
    expect(bill.creditNotes.map((n) => [n.amount, n.taxableValue, n.cgst, n.sgst])).toEqual([
      [200, 190, 5, 5],
      [99_700, 94_953, 2374, 2373],
    ]);
    const sum = (key: "amount" | "taxableValue" | "cgst" | "sgst") => bill.creditNotes.reduce((s, n) => s + n[key], 0);
    expect([sum("amount"), sum("taxableValue"), sum("cgst"), sum("sgst")]).toEqual([99_900, 95_143, 2379, 2378]);
    // The bill itself is as it was issued.
    expect({ ...bill, creditNotes: [] }).toEqual(before);
  });

  it("notes issued at once are dated in the order of their numbers, each dated after its number was taken", async ({
    refund,
    customer,
  }) => {
    const ids = await Promise.all(Array.from({ length: 8 }, () => outForDelivery(customer.id, { lineTotal: 200 })));
    await deliver(ids);
    const replies = await Promise.all(ids.map((id) => refund(id, 30)));
    expect(replies.map((r) => r.status)).toEqual(ids.map(() => 201));
    const notes = await db().creditNote.findMany({ orderBy: { serial: "asc" }, select: { serial: true, issuedAt: true } });
    expect(notes.map((n) => n.serial)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const times = notes.map((n) => n.issuedAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it("is a document of its own: seller, buyer, the invoice's number and date, reason and amounts; owner and admins only", async ({
    refund,
    invoiceOf,
    customer,
    admin,
    vikram,
  }) => {
    const id = await outForDelivery(customer.id, { lineTotal: 55 });
    await deliver([id], new Date("2026-11-30T18:29:00.000Z"));
    expect((await refund(id, 105)).status).toBe(201);
    const bill = await invoiceOf(id);
    const number = bill.creditNotes[0].number;
    const reply = await noteRoute(customer, id, number);
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({
      number,
      issuedAt: bill.creditNotes[0].issuedAt,
      invoiceKind: "tax_invoice",
      seller: expect.objectContaining({ legalName: bill.seller.legalName, gstin: bill.seller.gstin, stateCode: "29" }),
      buyer: expect.objectContaining({ name: bill.buyer.name, gstin: null, legalName: null }),
      invoice: { number: bill.number, issuedAt: "2026-11-30T18:29:00.000Z" },
      placeOfSupply: { state: "Karnataka", code: "29" },
      sac: "996331",
      reason: "Cold",
      amount: 10_500,
      taxableValue: 10_000,
      cgst: 250,
      sgst: 250,
      currency: "INR",
      unit: "paise",
    });
    expect((await noteRoute(admin, id, number)).status).toBe(200);
    // A note issued before notes kept their document is put together from its invoice and refund, the same.
    await db().creditNote.update({ where: { number }, data: { document: Prisma.DbNull } });
    expect((await noteRoute(customer, id, number)).json).toEqual(reply.json);
    // Someone else, a number not this order's, a made-up one: not found, as for the order itself.
    expect((await noteRoute(vikram, id, number)).status).toBe(404);
    expect((await noteRoute(customer, id, `CN/${fy}/999`)).status).toBe(404);
    expect((await noteRoute(customer, id, "FB/26-27/1")).status).toBe(404);
    expect((await noteRoute(undefined, id, number)).status).toBe(401);

    // Its PDF: rendered once and kept, the same bytes on every download.
    const pdf = await noteRoute(customer, id, `${number}.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toBe(`attachment; filename="${number.replace(/\//g, "-")}.pdf"`);
    const doc = await PDFDocument.load(pdf.bytes);
    expect(doc.getTitle()).toBe(`Credit Note ${number}`);
    const kept = await db().creditNote.findUniqueOrThrow({ where: { number }, select: { pdf: true } });
    expect(kept.pdf).not.toBeNull();
    const again = await noteRoute(admin, id, `${number}.pdf`);
    expect(Buffer.from(again.bytes).equals(Buffer.from(kept.pdf!))).toBe(true);
    expect((await noteRoute(vikram, id, `${number}.pdf`)).status).toBe(404);
  });

  it("the refund mail links to the note; its view names the invoice and the reason", async ({ refund, invoiceOf, customer }) => {
    const id = await outForDelivery(customer.id, { lineTotal: 55 });
    await deliver([id]);
    expect((await refund(id, 50)).status).toBe(201);
    const [row] = await db().refund.findMany({ where: { orderId: id } });
    const mail = await composeMail({ mail: "refund", refundId: row.id });
    const number = (await invoiceOf(id)).creditNotes[0].number;
    expect(mail?.text).toContain(`/orders/${id}/credit-notes/${encodeURIComponent(number)}`);
    expect(mail?.text).toContain(`Credit note ${number}`);
    const view = creditNoteView(await getCreditNoteFor(await userOf(customer.id), id, number));
    expect(view.title).toBe("Credit Note");
    expect(view.meta.map((m) => m.label)).toEqual([
      "Credit Note No.",
      "Date",
      "Against invoice No.",
      "Invoice date",
      "Place of supply",
      "SAC",
    ]);
    expect(view.reason).toEqual({ label: "Reason", value: "Cold" });
  });
});

describe("money that was not the bill's own (M1)", () => {
  it("a payment made after switching to pay on delivery, refunded after the cash bill: no credit note", async ({
    gateway,
    customer,
    admin,
    item,
    invoiceOf,
  }) => {
    const placed = await online.placeOrder(customer, item);
    const { order, checkout } = placed.json as { order: { id: string }; checkout: { orderId: string } };
    expect((await online.patchOrder(customer, order.id, { paymentMethod: "Cash on Delivery" })).status).toBe(200);
    const proof = gateway.pay(checkout.orderId);
    expect((await online.payAsBrowser(customer, order.id, online.checkoutProof(checkout.orderId, proof))).status).toBe(200);
    await online.deliverOrder(admin, order.id);
    expect(await online.sendPendingRefunds(order.id)).toEqual(["processed"]);
    expect((await invoiceOf(order.id)).creditNotes).toEqual([]);
    expect(await db().creditNote.count()).toBe(0);
  });

  it("a second payment of a billed order is never the bill's: no note; the bill's own refund still gets one", async ({
    gateway,
    customer,
    admin,
    item,
    refund,
    invoiceOf,
  }) => {
    const placed = await online.placeOrder(customer, item);
    const { order, checkout } = placed.json as { order: { id: string; total: number }; checkout: { orderId: string } };
    const late = gateway.pay(checkout.orderId, { outcome: "authorized" });
    const first = gateway.pay(checkout.orderId);
    expect((await online.payAsBrowser(customer, order.id, online.checkoutProof(checkout.orderId, first))).status).toBe(200);
    await online.deliverOrder(admin, order.id);
    // Authorized only, for an order paid already: left uncaptured (the gateway gives it back), so
    // nothing of it is refunded or credited.
    expect((await online.payAsBrowser(customer, order.id, online.checkoutProof(checkout.orderId, late))).status).toBe(200);
    expect(await online.sendPendingRefunds(order.id)).toEqual([]);
    expect((await invoiceOf(order.id)).creditNotes).toEqual([]);
    // The bill's own money, refunded in full after all: credited in full, once.
    expect((await refund(order.id, order.total)).status).toBe(201);
    expect(await online.sendPendingRefunds(order.id)).toEqual(["processed"]);
    expect((await invoiceOf(order.id)).creditNotes).toEqual([expect.objectContaining({ amount: order.total * 100 })]);
  });
});
