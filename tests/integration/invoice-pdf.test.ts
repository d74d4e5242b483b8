import "@/tests/support/async-local-storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PDFDocument } from "pdf-lib";
import { GET as pdfRoute } from "@/app/api/orders/[id]/invoice.pdf/route";
import { PUT as putBusinessRoute } from "@/app/api/store/business/route";
import { updateOrderStatus } from "@/lib/flows/update-order-status";
import { db } from "@/lib/db";
import { call, type Caller } from "@/tests/support/api";
import { shopFixtures, type ShopFixtures } from "@/tests/support/shop-fixtures";
import { resetStore } from "@/tests/support/store";
import { customerOf } from "@/tests/support/store-world";
import { waitForMail } from "@/tests/support/mail-capture";
import { orderNumber } from "@/lib/orders/status";
import { mailbox } from "./setup";
import { REGULAR_BUSINESS_BODY } from "@/tests/support/business-body";

// GET /api/orders/{id}/invoice.pdf (product.md §11): the bill as a PDF for the owner and admins,
// 404 for anyone else and before delivery, on real PostgreSQL, the order delivered as an admin
// delivers it (the invoice is issued in that move).

let fx: ShopFixtures;
let admin: Caller;
let customer: Caller;
let other: Caller;
let item: string;

const BUSINESS = {
  ...REGULAR_BUSINESS_BODY,
  packagingCharge: 0,
  grievanceOfficer: { ...REGULAR_BUSINESS_BODY.grievanceOfficer, phone: "9845012345" },
};

beforeAll(async () => {
  fx = await shopFixtures("invoice-pdf");
  [admin, customer, other] = await Promise.all([customerOf(fx, "admin"), customerOf(fx), customerOf(fx)]);
  item = await fx.item();
  await resetStore();
  const saved = await call(putBusinessRoute, "PUT", "/api/store/business", { caller: admin, body: BUSINESS });
  expect(saved.status).toBe(200);
});

afterAll(async () => {
  await resetStore();
  await fx.cleanUp();
});

const pdfOf = (caller: Caller | undefined, id: string) =>
  call(pdfRoute, "GET", `/api/orders/${id}/invoice.pdf`, { caller, params: { id } });

async function delivered(): Promise<string> {
  const id = await fx.order(customer.id, item);
  const by = { id: admin.id, name: admin.name, email: admin.email, role: admin.role };
  for (const status of ["confirmed", "preparing", "out_for_delivery", "delivered"] as const) await updateOrderStatus(by, id, status);
  return id;
}

describe("the bill as a PDF", () => {
  it("is the owner's: a PDF named and titled by the invoice's number", async () => {
    const id = await delivered();
    const invoice = await db().invoice.findUniqueOrThrow({ where: { orderId: id } });
    const reply = await pdfOf(customer, id);
    expect(reply.status).toBe(200);
    expect(reply.headers.get("content-type")).toBe("application/pdf");
    expect(reply.headers.get("content-disposition")).toBe(`attachment; filename="${invoice.number.replaceAll("/", "-")}.pdf"`);
    expect(reply.headers.get("cache-control")).toContain("no-store");
    expect(reply.text.startsWith("%PDF-")).toBe(true);
    const doc = await PDFDocument.load(reply.bytes);
    expect(doc.getTitle()).toBe(`Tax Invoice ${invoice.number}`);
  });

  it("is linked from the delivered mail, whose footer carries the FSSAI licence number", async () => {
    const id = await delivered();
    const mail = await waitForMail(mailbox, (m) => m.to.includes(customer.email) && m.subject.endsWith(`#${orderNumber(id)} is delivered`));
    expect(mail.text).toMatch(new RegExp(`Your bill: https?://\\S+/orders/${id}/invoice`));
    expect(mail.text).toContain(`FSSAI Lic. No. ${BUSINESS.fssai}`);
    expect(mail.html).toContain(`/orders/${id}/invoice`);
  });

  it("is rendered once and kept: every download, two at once included, is the same document", async () => {
    const id = await delivered();
    const [a, b] = await Promise.all([pdfOf(customer, id), pdfOf(admin, id)]);
    // pdf-lib stamps each rendering with the moment it was made: a new rendering is other bytes.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const later = await pdfOf(customer, id);
    expect(Buffer.from(b.bytes).equals(Buffer.from(a.bytes))).toBe(true);
    expect(Buffer.from(later.bytes).equals(Buffer.from(a.bytes))).toBe(true);
    const kept = await db().invoice.findUniqueOrThrow({ where: { orderId: id }, select: { pdf: true } });
    expect(Buffer.from(kept.pdf!).equals(Buffer.from(a.bytes))).toBe(true);
  });

  it("is an admin's too", async () => {
    const id = await delivered();
    expect((await pdfOf(admin, id)).status).toBe(200);
  });

  it("is nobody else's: another customer is told the order does not exist, a visitor to sign in", async () => {
    const id = await delivered();
    expect((await pdfOf(other, id)).status).toBe(404);
    expect((await pdfOf(undefined, id)).status).toBe(401);
  });

  it("does not exist before delivery, nor for an order that does not exist", async () => {
    const id = await fx.order(customer.id, item);
    const before = await pdfOf(customer, id);
    expect(before.status).toBe(404);
    expect(before.json).toMatchObject({ error: expect.any(String) });
    expect((await pdfOf(customer, "not-an-order")).status).toBe(404);
  });
});
