import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { gstr1Figures } from "@/lib/reports/gstr1";
import { gstSplit } from "@/lib/billing/tax";
import { orderNumber } from "@/lib/orders/status";
import { GET as invoiceRoute } from "@/app/api/orders/[id]/invoice/route";
import { GET as salesCsvRoute } from "@/app/api/reports/sales.csv/route";
import { call, type Caller } from "@/tests/support/api";
import { makeCaller } from "@/tests/support/callers";
import { deleteOrders } from "@/tests/support/delete-orders";
import { promiseAfter, storedOrder } from "@/tests/support/stored-order";
import { deliver, setBusiness } from "@/tests/support/billing";
import { resetStore } from "@/tests/support/store";
import type { Invoice } from "@/lib/billing/invoice-types";

// A coupon's discount on the bill and in the books (product.md §11, §13): the bill shows it as its
// own line and taxes what was paid (CGST Act s.15(3)(a)); the sales CSV, by order and by invoice,
// carries it; GSTR-1 reports the value after it. A month far ahead, so no other file's bills share it.

let admin: Caller;
let customer: Caller;
let orderId = "";

beforeAll(async () => {
  await setBusiness();
  admin = await makeCaller("admin");
  customer = await makeCaller("user");
  const line = { menuItemId: null, name: "Offer bowl", portion: "medium" as const, unitPrice: 499, quantity: 1 };
  const at = new Date("2036-05-10T06:00:00Z");
  const { id } = await db().order.create({
    data: {
      ...storedOrder(customer.id, line),
      ...promiseAfter(at),
      createdAt: at,
      paymentMethod: "cash_on_delivery",
      status: "out_for_delivery",
      packagingCharge: 10,
      discount: 100,
      couponCode: "SAVE100",
      couponDescription: "₹100 off",
      // 499 − 100 + 40 + 10
      total: 449,
    },
  });
  orderId = id;
  await deliver([id], new Date("2036-05-10T07:00:00Z"));
});

afterAll(async () => {
  await deleteOrders({ id: orderId });
  await db().user.deleteMany({ where: { id: { in: [admin.id, customer.id] } } });
  await resetStore();
});

describe("a discounted order's bill and books", () => {
  const paid = gstSplit(44_900);

  it("the bill shows the discount as its own line and taxes the total paid", async () => {
    const reply = await call(invoiceRoute, "GET", `/api/orders/${orderId}/invoice`, { caller: customer, params: { id: orderId } });
    expect(reply.status, reply.text).toBe(200);
    const bill = reply.json as Invoice;
    expect(bill).toMatchObject({ kind: "tax_invoice", discount: 10_000, packaging: 1000, delivery: 4000, total: 44_900, ...paid });
    expect(bill.lines.map((l) => l.amount)).toEqual([49_900]);
  });

  it("the sales CSV carries the discount, by order and by invoice", async () => {
    for (const by of ["", "&by=invoice"]) {
      const reply = await call(salesCsvRoute, "GET", `/api/reports/sales.csv?from=2036-05-01&to=2036-05-31${by}`, { caller: admin });
      expect(reply.status, reply.text).toBe(200);
      const [header, ...rows] = reply.text
        .split("\r\n")
        .filter(Boolean)
        .map((l) => l.split(","));
      const row = rows.find((r) => r[1] === orderNumber(orderId));
      expect(row, reply.text).toBeDefined();
      const cell = (name: string) => row![header.indexOf(name)];
      expect([cell("subtotal_inr"), cell("discount_inr"), cell("total_inr")]).toEqual(["499.00", "100.00", "449.00"]);
      expect(cell("taxable_value_inr")).toBe((paid.taxableValue / 100).toFixed(2));
    }
  });

  it("GSTR-1 reports the value after the discount", async () => {
    const may = await gstr1Figures(admin, "2036-05");
    expect(may.b2cs).toEqual([expect.objectContaining({ txval: paid.taxableValue / 100, camt: paid.cgst / 100, samt: paid.sgst / 100 })]);
  });
});
