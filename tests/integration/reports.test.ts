import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { gstr1Figures } from "@/lib/reports/gstr1";
import { SALES_BATCH } from "@/lib/reports/sales";
import { orderNumber } from "@/lib/orders/status";
import { RESTAURANT_SAC, RESTAURANT_SAC_DESCRIPTION } from "@/lib/billing/words";
import { call, type Caller } from "@/tests/support/api";
import { confirmedCustomer, makeCaller } from "@/tests/support/callers";
import { deleteOrders } from "@/tests/support/delete-orders";
import { promiseAfter, storedOrder } from "@/tests/support/stored-order";
import { deliver, refunded, setBusiness } from "@/tests/support/billing";
import { resetStore } from "@/tests/support/store";
import { GET as salesCsvRoute } from "@/app/api/reports/sales.csv/route";
import { GET as gstr1Route } from "@/app/api/reports/gstr1/route";

// The reports (product.md §11) against real PostgreSQL: invoices and credit notes issued by the
// real delivery and refund paths (moveOrders, issueCreditNote) at chosen instants, across February,
// March and April 2032, the financial year's turn on 31 March in India time (18:30 UTC). The
// workers run in America/Los_Angeles, where all of 31 March IST is still 30/31 March: a day or
// month taken from the process's zone would move rows. Years far ahead, so no other file's
// documents share these months. Every figure is checked to the paisa; gstSplit gives:
//   ₹105 → 10000 + 250 + 250   ₹999 → 95143 + 2379 + 2378
//   ₹12,345 → 1175714 + 29393 + 29393   ₹1 → 95 + 3 + 2

const HOSTILE_NAME = '=HYPERLINK("x"), Rao, Asha\nsecond line';
let admin: Caller;
let customerId = "";

type Placed = { at: string; subtotal: number; packaging?: number; extra?: Partial<Prisma.OrderUncheckedCreateInput>; name?: string };

async function placed({ at, subtotal, packaging = 10, extra = {}, name }: Placed): Promise<string> {
  const line = { menuItemId: null, name: "Report bowl", portion: "small" as const, unitPrice: subtotal, quantity: 1 };
  const { id } = await db().order.create({
    data: {
      ...storedOrder(customerId, line, name),
      ...promiseAfter(new Date(at)),
      packagingCharge: packaging,
      total: subtotal + packaging + 40,
      createdAt: new Date(at),
      paymentMethod: "cash_on_delivery",
      status: "delivered",
      paymentStatus: "paid",
      ...extra,
    },
  });
  return id;
}

type Split = [taxable: number, cgst: number, sgst: number];

/** Delivered at `at` through moveOrders, which issues the bill as the admin's click does. */
async function delivered(order: Placed, at: string): Promise<string> {
  const id = await placed({ ...order, extra: { ...order.extra, status: "out_for_delivery" } });
  await deliver([id], new Date(at));
  return id;
}

const ids: Record<string, string> = {};

beforeAll(async () => {
  admin = await makeCaller("admin");
  const user = await confirmedCustomer("Report Customer", "reports");
  customerId = user.id;
  await setBusiness();

  // February: ₹1 at 23:59:59.999 IST on 29 Feb (a leap year): FB/31-32/1.
  ids.e = await delivered(
    { at: "2032-02-29T10:00:00.000Z", subtotal: 1, packaging: 0, extra: { deliveryFee: 0, total: 1 } },
    "2032-02-29T18:29:59.999Z",
  );
  // March: ₹12,345 to Tamil Nadu on the 10th (FB/31-32/2), ₹105 of it credited on the 20th (CN/31-32/1).
  ids.c = await delivered(
    { at: "2032-03-10T05:00:00.000Z", subtotal: 12295, extra: { addressState: "Tamil Nadu" } },
    "2032-03-10T06:00:00.000Z",
  );
  await refunded(ids.c, 105, "2032-03-20T06:00:00.000Z");
  // ₹105 placed at 17:30 IST on 31 March, delivered at 23:59:59.999 IST: the year's last, FB/31-32/3.
  ids.a = await delivered({ at: "2032-03-31T12:00:00.000Z", subtotal: 55 }, "2032-03-31T18:29:59.999Z");
  // ₹999 placed at 23:30 IST on 31 March, delivered at 00:00 IST on 1 April: the new year's first.
  ids.b = await delivered({ at: "2032-03-31T18:00:00.000Z", subtotal: 949, extra: { paymentMethod: "upi" } }, "2032-03-31T18:30:00.000Z");
  // Unregistered for a while: a receipt without tax (FB/32-33/2), credited ₹79 (CN/32-33/1).
  await setBusiness({ regime: "unregistered", gstin: null });
  ids.d = await delivered({ at: "2032-04-03T05:00:00.000Z", subtotal: 229 }, "2032-04-03T06:00:00.000Z");
  await refunded(ids.d, 79, "2032-04-04T06:00:00.000Z");
  // ₹1 more on the March invoice, in April (CN/32-33/2): April's, under Tamil Nadu.
  await refunded(ids.c, 1, "2032-04-05T06:00:00.000Z");
  // May: only a bill of supply (FB/32-33/3).
  await setBusiness({ regime: "composition" });
  ids.f = await delivered({ at: "2032-05-02T05:00:00.000Z", subtotal: 100 }, "2032-05-02T06:00:00.000Z");
  await setBusiness();

  // Orders without invoices at the edges of 31 March – 1 April IST.
  ids.before = await placed({ at: "2032-03-30T18:29:59.999Z", subtotal: 100, extra: { status: "pending" } });
  ids.h = await placed({
    at: "2032-03-31T18:30:00.000Z",
    subtotal: 149,
    packaging: 0,
    name: HOSTILE_NAME,
    extra: { status: "pending", paymentStatus: "due_on_delivery", addressStreet: '@SUM(1+1)*cmd|" /C calc"!A0' },
  });
  ids.i = await placed({
    at: "2032-04-01T18:29:59.999Z",
    subtotal: 200,
    extra: { status: "cancelled", paymentMethod: "card", paymentStatus: "refunded" },
  });
  ids.after = await placed({ at: "2032-04-01T18:30:00.000Z", subtotal: 100, extra: { status: "pending" } });
});

afterAll(async () => {
  await deleteOrders({ userId: customerId });
  await db().documentCounter.deleteMany({ where: { financialYear: { in: ["31-32", "32-33"] } } });
  await db().user.deleteMany({ where: { id: { in: [customerId, admin.id] } } });
  await resetStore();
});

const GSTIN = "29AAGCB7383J1Z4";
const docs = (doc_num: 1 | 5, rows: [from: string, to: string, count: number][]) => ({
  doc_num,
  doc_typ: doc_num === 1 ? "Invoices for outward supply" : "Credit Note",
  docs: rows.map(([from, to, totnum], n) => ({ num: n + 1, from, to, totnum, cancel: 0, net_issue: totnum })),
});
const rupees = ([taxable, cgst, sgst]: Split) => ({ txval: taxable / 100, iamt: 0, camt: cgst / 100, samt: sgst / 100, csamt: 0 });
const b2cs = (split: Split) => [{ sply_ty: "INTRA", pos: "29", typ: "OE", rt: 5, ...rupees(split) }];
const hsn = (split: Split) => [
  { num: 1, hsn_sc: RESTAURANT_SAC, desc: RESTAURANT_SAC_DESCRIPTION, uqc: "NA", qty: 0, rt: 5, ...rupees(split) },
];
const consumers = (fp: string, split: Split | null, docDet: unknown[]) => ({
  gstin: GSTIN,
  fp,
  b2b: [],
  b2cs: split ? b2cs(split) : [],
  hsn: { hsn_b2b: [], hsn_b2c: split ? hsn(split) : [] },
  doc_issue: { doc_det: docDet },
});

describe("GSTR-1 in the portal's JSON", () => {
  it("March: its tax invoices less its credit notes, all supplied in Karnataka (29); the 1 April invoice is April's", async () => {
    // ₹12,345 delivered to Tamil Nadu is still supplied where the kitchen is (IGST Act s.12(4)).
    expect(await gstr1Figures(admin, "2032-03")).toEqual(
      consumers(
        "032032",
        [1175714, 29393, 29393],
        [docs(1, [["FB/31-32/2", "FB/31-32/3", 2]]), docs(5, [["CN/31-32/1", "CN/31-32/1", 1]])],
      ),
    );
  });

  it("April: a credit note on a March invoice is April's; receipts and their notes are no part of a regular taxpayer's GSTR-1", async () => {
    expect(await gstr1Figures(admin, "2032-04")).toEqual(
      consumers("042032", [95048, 2376, 2376], [docs(1, [["FB/32-33/1", "FB/32-33/1", 1]]), docs(5, [["CN/32-33/2", "CN/32-33/2", 1]])]),
    );
  });

  it("February ends at 23:59:59.999 IST on the 29th; a month of bills of supply or of nothing has no rows", async () => {
    expect(await gstr1Figures(admin, "2032-02")).toEqual(consumers("022032", [95, 3, 2], [docs(1, [["FB/31-32/1", "FB/31-32/1", 1]])]));
    expect(await gstr1Figures(admin, "2032-05")).toEqual(consumers("052032", null, []));
    expect(await gstr1Figures(admin, "2032-01")).toEqual(consumers("012032", null, []));
  });

  it("GET /api/reports/gstr1 answers the same, amounts written with two decimals, and refuses a bad month naming the field", async () => {
    const reply = await call(gstr1Route, "GET", "/api/reports/gstr1?month=2032-04", { caller: admin });
    expect(reply.status).toBe(200);
    expect(reply.headers.get("content-type")).toMatch(/^application\/json/);
    expect(reply.json).toEqual(await gstr1Figures(admin, "2032-04"));
    expect(reply.text).toContain(
      '"sply_ty":"INTRA","pos":"29","typ":"OE","rt":5,"txval":950.48,"iamt":0.00,"camt":23.76,"samt":23.76,"csamt":0.00',
    );
    for (const month of ["", "2032-4", "2032-13", "April", "9999-12", "2032-04-01"]) {
      const refused = await call(gstr1Route, "GET", `/api/reports/gstr1?month=${encodeURIComponent(month)}`, { caller: admin });
      expect(refused.status, month).toBe(400);
      expect(refused.json).toMatchObject({ code: "invalid", field: "month" });
    }
  });
});

describe("the sales CSV", () => {
  const csv = (query: string) => call(salesCsvRoute, "GET", `/api/reports/sales.csv?${query}`, { caller: admin });

  it("lists the orders placed on the India days asked for, with their invoices, to the paisa", async () => {
    const reply = await csv("from=2032-03-31&to=2032-04-01");
    expect(reply.status).toBe(200);
    expect(reply.headers.get("content-type")).toMatch(/^text\/csv; charset=utf-8/);
    expect(reply.headers.get("content-disposition")).toBe('attachment; filename="fresh-bowl-sales-2032-03-31-to-2032-04-01.csv"');
    const code = (key: string) => orderNumber(ids[key]);
    expect(reply.text).toBe(
      [
        "date,code,invoice_number,status,payment_method,payment_status,subtotal_inr,discount_inr,packaging_inr,delivery_fee_inr,taxable_value_inr,cgst_inr,sgst_inr,total_inr",
        `2032-03-31,${code("a")},FB/31-32/3,delivered,Cash on Delivery,paid,55.00,0.00,10.00,40.00,100.00,2.50,2.50,105.00`,
        `2032-03-31,${code("b")},FB/32-33/1,delivered,UPI,paid,949.00,0.00,10.00,40.00,951.43,23.79,23.78,999.00`,
        `2032-04-01,${code("h")},,pending,Cash on Delivery,due_on_delivery,149.00,0.00,0.00,40.00,,,,189.00`,
        `2032-04-01,${code("i")},,cancelled,Card,refunded,200.00,0.00,10.00,40.00,,,,250.00`,
        "",
      ].join("\r\n"),
    );
    // The customer's name and address are not the accountant's: no cell carries them, whatever they hold.
    expect(reply.text).not.toContain("HYPERLINK");
    expect(reply.text).not.toContain("calc");
  });

  it("reads a long range in batches, ties of the same instant included, each order once", async () => {
    const at = ["2033-06-15T05:00:00.000Z", "2033-06-15T05:00:00.001Z", "2033-06-16T05:00:00.000Z"];
    const count = SALES_BATCH * 2 + 3;
    const base = storedOrder(customerId, { name: "Batch bowl", portion: "small", unitPrice: 100, quantity: 1 });
    delete base.lines;
    await db().order.createMany({
      data: Array.from({ length: count }, (_, n) => ({ ...base, createdAt: new Date(at[n % 3]), status: "pending" as const })),
    });
    const reply = await csv("from=2033-06-01&to=2033-06-30");
    expect(reply.status).toBe(200);
    const lines = reply.text.split("\r\n").slice(1, -1);
    expect(lines).toHaveLength(count);
    expect(new Set(lines.map((line) => line.split(",")[1])).size).toBe(count);
    const days = lines.map((line) => line.slice(0, 10));
    const fifteenth = Array.from({ length: count }, (_, n) => n % 3 < 2).filter(Boolean).length;
    expect(days.filter((day) => day === "2033-06-15")).toHaveLength(fifteenth);
    expect(days).toEqual([...days].sort());
  });

  it("refuses bad, reversed or over-long ranges, naming the field", async () => {
    const cases: [string, string][] = [
      ["to=2032-04-01", "from"],
      ["from=2032-04-01", "to"],
      ["from=2032-02-30&to=2032-04-01", "from"],
      ["from=2032-04-01&to=1 April", "to"],
      ["from=2032-04-02&to=2032-04-01", "to"],
      ["from=2031-04-01&to=2032-04-01", "to"],
      ["from=9999-12-31&to=9999-12-31", "from"],
    ];
    for (const [query, field] of cases) {
      const reply = await csv(query.replace(/ /g, "%20"));
      expect(reply.status, query).toBe(400);
      expect(reply.json, query).toMatchObject({ code: "invalid", field });
    }
    // A whole leap year is 366 days: taken.
    expect((await csv("from=2031-04-01&to=2032-03-31")).status).toBe(200);
  });
});
