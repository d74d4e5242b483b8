import { randomUUID } from "node:crypto";
import { describe, expect } from "vitest";
import { test } from "./fixtures";
import { db } from "@/lib/db";
import { POST as placeRoute } from "@/app/api/orders/route";
import { GET as invoiceRoute } from "@/app/api/orders/[id]/invoice/route";
import { NO_INVOICE_YET } from "@/lib/billing/invoice-read";
import type { Invoice } from "@/lib/billing/invoice-types";
import { ORDER_NOT_FOUND } from "@/lib/orders/rows";
import { call, type AnyHandler, type Caller } from "@/tests/support/api";
import { ASHA_ADDRESS } from "@/tests/support/online-payments";
import { ashaAsBuyer, SUPPLIED_IN_KARNATAKA } from "@/tests/support/invoice-fixture";
import { deliver, freshBillsEachTest, outForDelivery, REGULAR_BUSINESS, setBusiness } from "@/tests/support/billing";

// What a bill says (product.md §11): the tax on the total to the paisa, the document each regime
// issues, the seller and buyer as they were when it was issued, and who may read it; and the
// packaging charge a new order carries in its total (§4).

freshBillsEachTest();

const it = test
  /** GET /api/orders/{id}/invoice as `caller` (the test's customer). */
  .extend(
    "readInvoice",
    ({ customer }) =>
      (id: string, caller: Caller = customer) =>
        call(invoiceRoute as AnyHandler, "GET", `/api/orders/${id}/invoice`, { headers: caller.headers, params: { id } }),
  )
  /** The bill of an order of the test's customer with these amounts, delivered. */
  .extend("billOf", ({ customer, readInvoice }) => async (amounts: Parameters<typeof outForDelivery>[1]): Promise<Invoice> => {
    const id = await outForDelivery(customer.id, amounts);
    await deliver([id]);
    const reply = await readInvoice(id);
    expect(reply.status).toBe(200);
    return reply.json as Invoice;
  })
  /** POST /api/orders as the test's customer: one small bowl, cash on delivery, with `total` if given. */
  .extend(
    "place",
    ({ customer, item }) =>
      (total?: number, extra: Record<string, unknown> = {}) =>
        call(placeRoute as AnyHandler, "POST", "/api/orders", {
          headers: { ...customer.headers, "idempotency-key": randomUUID() },
          body: {
            items: [{ id: item, portion: "small", quantity: 1 }],
            address: ASHA_ADDRESS,
            paymentMethod: "Cash on Delivery",
            ...(total !== undefined && { total }),
            ...extra,
          },
        }),
  );

describe("the tax on a bill", () => {
  // total (rupees) → [taxable value, CGST, SGST] in paise, by §11's rule worked by hand.
  const cases: [number, Parameters<typeof outForDelivery>[1], [number, number, number]][] = [
    [1, { lineTotal: 1, deliveryFee: 0, packagingCharge: 0 }, [95, 3, 2]],
    [105, { lineTotal: 55, deliveryFee: 40, packagingCharge: 10 }, [10_000, 250, 250]],
    [999, { lineTotal: 949, deliveryFee: 40, packagingCharge: 10 }, [95_143, 2379, 2378]],
    [12_345, { lineTotal: 12_295, deliveryFee: 40, packagingCharge: 10 }, [1_175_714, 29_393, 29_393]],
  ];
  for (const [total, amounts, [taxableValue, cgst, sgst]] of cases) {
    it(`₹${total}, packaging and delivery included: taxable ${taxableValue}, CGST ${cgst}, SGST ${sgst} paise`, async ({ billOf }) => {
      const bill = await billOf(amounts);
      expect(bill).toMatchObject({ kind: "tax_invoice", total: total * 100, taxableValue, cgst, sgst, currency: "INR", unit: "paise" });
      expect(bill.taxableValue + bill.cgst + bill.sgst).toBe(bill.total);
      expect(bill.packaging).toBe((amounts.packagingCharge ?? 10) * 100);
      expect(bill.delivery).toBe((amounts.deliveryFee ?? 40) * 100);
      const row = await db().invoice.findFirstOrThrow({ where: { number: bill.number } });
      expect(row).toMatchObject({ total: total * 100, taxableValue, cgst, sgst, placeOfSupply: "29-Karnataka" });
    });
  }
});

describe("the document of each regime", () => {
  it("regular: a tax invoice with the seller, buyer, place of supply, SAC and lines", async ({ billOf }) => {
    const bill = await billOf({ lineTotal: 249 });
    expect(bill).toMatchObject({
      kind: "tax_invoice",
      seller: {
        legalName: REGULAR_BUSINESS.legalName,
        tradeName: REGULAR_BUSINESS.tradeName,
        address: REGULAR_BUSINESS.address,
        state: "Karnataka",
        stateCode: "29",
        gstin: REGULAR_BUSINESS.gstin,
        fssai: REGULAR_BUSINESS.fssai,
      },
      buyer: ashaAsBuyer("1 MG Road"),
      ...SUPPLIED_IN_KARNATAKA,
      lines: [{ name: "Test bowl", portion: "Medium 350g", details: "", quantity: 1, unitPrice: 24_900, amount: 24_900 }],
      discount: 0,
      reverseCharge: false,
      creditNotes: [],
    });
    expect(Date.parse(bill.issuedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("composition: a bill of supply without tax; unregistered: a receipt without tax or GSTIN", async ({ billOf }) => {
    await setBusiness({ regime: "composition" });
    const supply = await billOf({ lineTotal: 55 });
    expect(supply).toMatchObject({ kind: "bill_of_supply", total: 10_500, taxableValue: 10_500, cgst: 0, sgst: 0 });
    await setBusiness({ regime: "unregistered", gstin: null });
    const receipt = await billOf({ lineTotal: 55 });
    expect(receipt).toMatchObject({ kind: "receipt", total: 10_500, taxableValue: 10_500, cgst: 0, sgst: 0, seller: { gstin: null } });
  });

  it("a fresh install (no details saved) issues receipts", async ({ billOf }) => {
    await db().businessDetails.deleteMany({});
    const bill = await billOf({ lineTotal: 100 });
    expect(bill).toMatchObject({ kind: "receipt", seller: { gstin: null, fssai: null, state: "Karnataka", stateCode: "29" } });
    expect(bill.number).toMatch(/^FB\/\d{2}-\d{2}\/1$/);
  });

  it("delivered to another state (Hosur) or one nobody can tell: supplied in the kitchen's state, CGST + SGST", async ({
    readInvoice,
    customer,
  }) => {
    const hosur = await outForDelivery(customer.id, { lineTotal: 100 });
    const unknown = await outForDelivery(customer.id, { lineTotal: 100 });
    await db().order.update({ where: { id: hosur }, data: { addressState: "tamil nadu", addressCity: "Hosur", addressZip: "635109" } });
    await db().order.update({ where: { id: unknown }, data: { addressState: "Bengaluru Urban" } });
    await deliver([hosur, unknown]);
    const [h, u] = await Promise.all([hosur, unknown].map(async (id) => (await readInvoice(id)).json as Invoice));
    const kitchen = { state: "Karnataka", code: "29" };
    expect(h).toMatchObject({ placeOfSupply: kitchen, buyer: { state: "Tamil Nadu", stateCode: "33" }, cgst: 357, sgst: 357 });
    expect(u).toMatchObject({ placeOfSupply: kitchen, buyer: { state: "Bengaluru Urban", stateCode: null } });
    expect(await db().invoice.findUniqueOrThrow({ where: { orderId: hosur }, select: { placeOfSupply: true } })).toEqual({
      placeOfSupply: "29-Karnataka",
    });
  });

  it("later edits of the business details do not change an issued bill", async ({ readInvoice, billOf }) => {
    const before = await billOf({ lineTotal: 100 });
    await setBusiness({ legalName: "Renamed Foods LLP", address: "1 New Street", regime: "composition", packagingCharge: 50 });
    const id = (await db().invoice.findFirstOrThrow({ where: { number: before.number } })).orderId;
    expect((await readInvoice(id)).json).toEqual(before);
  });
});

describe("a bill to a business", () => {
  it("names the buyer's GSTIN and legal name; a GSTIN that does not check out is 400 buyer.gstin and writes nothing", async ({
    place,
    readInvoice,
    customer,
  }) => {
    const before = await db().order.count({ where: { userId: customer.id } });
    const typo = await place(undefined, { buyer: { gstin: "29AAGCB7383J1Z5", legalName: "Acme Foods LLP" } });
    expect(typo.status).toBe(400);
    expect(typo.json).toMatchObject({ field: "buyer.gstin", error: expect.stringContaining("GSTIN does not check out") });
    const noName = await place(undefined, { buyer: { gstin: "29AAGCB7383J1Z4", legalName: " " } });
    expect(noName.json).toMatchObject({ field: "buyer.legalName" });
    expect(await db().order.count({ where: { userId: customer.id } })).toBe(before);

    const placed = await place(undefined, { buyer: { gstin: " 29aagcb7383j1z4 ", legalName: "Acme Foods LLP" } });
    expect(placed.status).toBe(201);
    const { id } = (placed.json as { order: { id: string } }).order;
    await db().order.update({ where: { id }, data: { status: "out_for_delivery" } });
    await deliver([id]);
    const bill = (await readInvoice(id)).json as Invoice;
    expect(bill.buyer).toMatchObject({ gstin: "29AAGCB7383J1Z4", legalName: "Acme Foods LLP", name: ASHA_ADDRESS.name });
    expect(bill.placeOfSupply).toEqual({ state: "Karnataka", code: "29" });
    expect(await db().invoice.findUniqueOrThrow({ where: { orderId: id }, select: { buyerGstin: true, buyerLegalName: true } })).toEqual({
      buyerGstin: "29AAGCB7383J1Z4",
      buyerLegalName: "Acme Foods LLP",
    });
  });
});

describe("GET /api/orders/{id}/invoice", () => {
  it("the owner and admins read it; another customer gets 404 as for the order; before delivery 404 with why", async ({
    readInvoice,
    customer,
    admin,
    newCaller,
  }) => {
    const id = await outForDelivery(customer.id, { lineTotal: 100 });
    const early = await readInvoice(id);
    expect(early.status).toBe(404);
    expect(early.json).toMatchObject({ error: NO_INVOICE_YET, code: "not_found" });
    await deliver([id]);
    expect((await readInvoice(id, admin)).status).toBe(200);
    const other = await readInvoice(id, await newCaller());
    expect(other.status).toBe(404);
    expect(other.json).toMatchObject({ error: ORDER_NOT_FOUND });
    expect((await readInvoice("not-an-id")).status).toBe(404);
    const signedOut = await call(invoiceRoute as AnyHandler, "GET", `/api/orders/${id}/invoice`, { params: { id } });
    expect(signedOut.status).toBe(401);
  });
});

describe("the packaging charge on new orders", () => {
  type Placed = { order: { id: string; subtotal: number; deliveryFee: number; packagingCharge: number; total: number; invoice: null } };

  it("0 on a fresh install; the saved charge once set, in the total; a stale total without it is 409", async ({ place }) => {
    await db().businessDetails.deleteMany({});
    const fresh = (await place()).json as Placed;
    expect(fresh.order).toMatchObject({ packagingCharge: 0, invoice: null });
    expect(fresh.order.total).toBe(fresh.order.subtotal + fresh.order.deliveryFee);
    await setBusiness({ packagingCharge: 15 });
    const reply = await place();
    expect(reply.status).toBe(201);
    const { order } = reply.json as Placed;
    expect(order.packagingCharge).toBe(15);
    expect(order.total).toBe(order.subtotal + order.deliveryFee + 15);
    expect(await db().order.findUniqueOrThrow({ where: { id: order.id }, select: { packagingCharge: true } })).toEqual({
      packagingCharge: 15,
    });
    const stale = await place(order.total - 15);
    expect(stale.status).toBe(409);
    expect(stale.json).toMatchObject({ code: "price_changed", packagingCharge: 15, total: order.total });
    expect((await place(order.total)).status).toBe(201);
  });
});
