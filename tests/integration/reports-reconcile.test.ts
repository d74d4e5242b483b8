import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { gstr1Figures } from "@/lib/reports/gstr1";
import { salesDocumentLine } from "@/lib/reports/sales-document-row";
import { gstSplit } from "@/lib/billing/tax";
import { orderNumber } from "@/lib/orders/status";
import { call, type Caller } from "@/tests/support/api";
import { confirmedCustomer, makeCaller } from "@/tests/support/callers";
import { deleteOrders } from "@/tests/support/delete-orders";
import { promiseAfter, storedOrder } from "@/tests/support/stored-order";
import { deliver, refunded, setBusiness } from "@/tests/support/billing";
import { resetStore } from "@/tests/support/store";
import { GET as salesCsvRoute } from "@/app/api/reports/sales.csv/route";
import { GET as gstr1Route } from "@/app/api/reports/gstr1/route";
import { fromPortal, none, paise, plus, returnTotal } from "@/tests/support/return-sums";

// The accountant's check (product.md §11): July 2034's GSTR-1 (B2CS, the B2B invoices less their
// credit notes) and the sales CSV by invoice for the same July add up to the same taxable value
// and tax, to the paisa, with bills on both sides of both month ends, refunds whole and in parts
// (one of them against June's bill), and a business buyer. Bills and notes are issued by the real
// paths (moveOrders, issueCreditNote) at chosen instants; a year far ahead, so no other file's
// documents share the month. The workers run in America/Los_Angeles: a month taken from the
// process's zone would move rows.

let admin: Caller;
let customerId = "";
const ids: Record<string, string> = {};
const BUYER_GSTIN = "27AAPFU0939F1ZV";

/** An order out for delivery with `subtotal` rupees of bowls (+₹10 packaging, +₹40 delivery), delivered at `at`. */
async function billed(subtotal: number, placedAt: string, at: string): Promise<string> {
  const line = { menuItemId: null, name: "Reconcile bowl", portion: "small" as const, unitPrice: subtotal, quantity: 1 };
  const { id } = await db().order.create({
    data: {
      ...storedOrder(customerId, line),
      ...promiseAfter(new Date(placedAt)),
      packagingCharge: 10,
      total: subtotal + 50,
      createdAt: new Date(placedAt),
      paymentMethod: "cash_on_delivery",
      status: "out_for_delivery",
    },
  });
  await deliver([id], new Date(at));
  return id;
}

beforeAll(async () => {
  admin = await makeCaller("admin");
  const user = await confirmedCustomer("Reconcile Customer", "reconcile");
  customerId = user.id;
  await setBusiness();
  // June's last bill (23:59:59.999 IST on the 30th), ₹349, of which ₹100 is credited in July.
  ids.june = await billed(299, "2034-06-30T17:00:00.000Z", "2034-06-30T18:29:59.999Z");
  // July's first (00:00 IST on the 1st), ₹999, refunded whole in two parts: ₹2, then ₹997.
  ids.parts = await billed(949, "2034-06-30T18:00:00.000Z", "2034-06-30T18:30:00.000Z");
  // ₹250 refunded whole at once.
  ids.whole = await billed(200, "2034-07-10T05:00:00.000Z", "2034-07-10T06:00:00.000Z");
  // A business buyer's ₹1,050 bill (B2B), ₹50 of it credited.
  ids.business = await billed(1000, "2034-07-15T05:00:00.000Z", "2034-07-15T06:00:00.000Z");
  // The buyer's GSTIN as the order's checkout copies it onto the bill.
  await db().invoice.update({ where: { orderId: ids.business }, data: { buyerGstin: BUYER_GSTIN, buyerLegalName: "Udyam Foods LLP" } });
  // July's last bill (23:59:59.999 IST on the 31st), ₹105, and August's first, ₹150, credited in August.
  ids.last = await billed(55, "2034-07-31T17:00:00.000Z", "2034-07-31T18:29:59.999Z");
  ids.august = await billed(100, "2034-07-31T18:00:00.000Z", "2034-07-31T18:30:00.000Z");

  await refunded(ids.june, 100, "2034-07-02T06:00:00.000Z");
  await refunded(ids.parts, 2, "2034-07-03T06:00:00.000Z");
  await refunded(ids.parts, 997, "2034-07-04T06:00:00.000Z");
  await refunded(ids.whole, 250, "2034-07-11T06:00:00.000Z");
  await refunded(ids.business, 50, "2034-07-20T06:00:00.000Z");
  await refunded(ids.august, 150, "2034-08-02T06:00:00.000Z");
});

afterAll(async () => {
  await deleteOrders({ userId: customerId });
  await db().documentCounter.deleteMany({ where: { financialYear: "34-35" } });
  await db().user.deleteMany({ where: { id: { in: [customerId, admin.id] } } });
  await resetStore();
});

const csvOf = (query: string) => call(salesCsvRoute, "GET", `/api/reports/sales.csv?${query}`, { caller: admin });

describe("a month's GSTR-1 and its sales CSV by invoice", () => {
  it("add up to the same taxable value and tax, to the paisa, and to what the bills and notes say", async () => {
    const july = await gstr1Figures(admin, "2034-07");
    const reply = await csvOf("from=2034-07-01&to=2034-07-31&by=invoice");
    expect(reply.status).toBe(200);
    const rows = reply.text
      .split("\r\n")
      .slice(1, -1)
      .map((line) => line.split(","));
    const fromCsv = rows.reduce((s, r) => plus(s, { taxableValue: paise(+r[13]), cgst: paise(+r[14]), sgst: paise(+r[15]) }), none);

    // By hand: July's bills (₹999, ₹250, ₹1,050, ₹105) less July's notes, each bill's notes split cumulatively.
    const split = (rupees: number) => gstSplit(rupees * 100);
    const expected = [split(999), split(250), split(1050), split(105)].reduce((s, x) => plus(s, x), none);
    const credited = [split(100), split(999), split(250), split(50)].reduce((s, x) => plus(s, x), none);
    const net = plus(expected, credited, -1);

    expect(returnTotal(july)).toEqual(net);
    expect(fromCsv).toEqual(net);
    const hsn = [...july.hsn.hsn_b2b, ...july.hsn.hsn_b2c].map(fromPortal).reduce((s, x) => plus(s, x), none);
    expect(hsn).toEqual(net);
    // And the totals' column: bills less notes.
    expect(rows.reduce((s, r) => s + paise(+r[16]), 0)).toEqual((999 + 250 + 1050 + 105 - 100 - 999 - 250 - 50) * 100);
  });

  it("the business buyer's bill and note stand one by one under its GSTIN; the rest is one B2CS row of Karnataka", async () => {
    const july = await gstr1Figures(admin, "2034-07");
    const bill = await db().invoice.findUniqueOrThrow({ where: { orderId: ids.business }, include: { creditNotes: true } });
    const item = (rupees: [number, number, number]) => [
      { num: 1, itm_det: { rt: 5, txval: rupees[0], iamt: 0, camt: rupees[1], samt: rupees[2], csamt: 0 } },
    ];
    expect(july.b2b).toEqual([
      {
        ctin: BUYER_GSTIN,
        inv: [{ inum: bill.number, idt: "15-07-2034", val: 1050, pos: "29", rchrg: "N", inv_typ: "R", itms: item([1000, 25, 25]) }],
      },
    ]);
    expect(july.cdnr).toEqual([
      {
        ctin: BUYER_GSTIN,
        nt: [
          {
            ntty: "C",
            nt_num: bill.creditNotes[0].number,
            nt_dt: "20-07-2034",
            val: 50,
            pos: "29",
            rchrg: "N",
            inv_typ: "R",
            itms: item([47.62, 1.19, 1.19]),
          },
        ],
      },
    ]);
    expect(july.b2cs).toHaveLength(1);
    expect(july.b2cs[0]).toMatchObject({ sply_ty: "INTRA", pos: "29", typ: "OE", rt: 5, iamt: 0, csamt: 0 });
    expect(july.hsn.hsn_b2b).toEqual([expect.objectContaining({ hsn_sc: "996331", uqc: "NA", qty: 0, rt: 5, txval: 952.38 })]);
    expect(july.gstin).toBe("29AAGCB7383J1Z4");
    expect(july.fp).toBe("072034");
    // Table 13: one row per prefix, July's numbers only (June's bill and August's are not July's).
    const [invoices, notes] = july.doc_issue.doc_det;
    expect(invoices).toEqual({
      doc_num: 1,
      doc_typ: "Invoices for outward supply",
      docs: [{ num: 1, from: "FB/34-35/2", to: "FB/34-35/5", totnum: 4, cancel: 0, net_issue: 4 }],
    });
    expect(notes).toEqual({
      doc_num: 5,
      doc_typ: "Credit Note",
      docs: [{ num: 1, from: "CN/34-35/1", to: "CN/34-35/5", totnum: 5, cancel: 0, net_issue: 5 }],
    });
    // The download is the same return, each amount with two decimals.
    const download = await call(gstr1Route, "GET", "/api/reports/gstr1?month=2034-07", { caller: admin });
    expect(download.json).toEqual(july);
    expect(download.text).toContain(`"val":1050.00,"pos":"29","rchrg":"N","inv_typ":"R"`);
  });

  it("the CSV by invoice: one row per bill and note by its own date, a note's row negative and naming its bill's date", async () => {
    const reply = await csvOf("from=2034-07-01&to=2034-07-04&by=invoice");
    expect(reply.status).toBe(200);
    expect(reply.headers.get("content-disposition")).toBe(
      'attachment; filename="fresh-bowl-sales-by-invoice-2034-07-01-to-2034-07-04.csv"',
    );
    const code = (key: string) => orderNumber(ids[key]);
    expect(reply.text).toBe(
      [
        "date,code,document_number,document_kind,invoice_date,place_of_supply,status,payment_method,payment_status,subtotal_inr,discount_inr,packaging_inr,delivery_fee_inr,taxable_value_inr,cgst_inr,sgst_inr,total_inr,refunded_inr,credit_note_numbers",
        `2034-07-01,${code("parts")},FB/34-35/2,tax_invoice,2034-07-01,29-Karnataka,delivered,Cash on Delivery,paid,949.00,0.00,10.00,40.00,951.43,23.79,23.78,999.00,999.00,CN/34-35/2 CN/34-35/3`,
        `2034-07-02,${code("june")},CN/34-35/1,credit_note,2034-06-30,29-Karnataka,delivered,Cash on Delivery,paid,,,,,-95.24,-2.38,-2.38,-100.00,,`,
        `2034-07-03,${code("parts")},CN/34-35/2,credit_note,2034-07-01,29-Karnataka,delivered,Cash on Delivery,paid,,,,,-1.90,-0.05,-0.05,-2.00,,`,
        `2034-07-04,${code("parts")},CN/34-35/3,credit_note,2034-07-01,29-Karnataka,delivered,Cash on Delivery,paid,,,,,-949.53,-23.74,-23.73,-997.00,,`,
        "",
      ].join("\r\n"),
    );
    // A bad `by` is refused naming it.
    const refused = await csvOf("from=2034-07-01&to=2034-07-04&by=month");
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ code: "invalid", field: "by" });
  });

  it("a text cell that could run as a formula gets an apostrophe; amounts stay plain numbers", () => {
    const line = salesDocumentLine({
      orderId: ids.june,
      doc: "credit_note",
      day: "2034-07-02",
      number: "CN/34-35/1",
      kind: "credit_note",
      invoiceDay: "2034-06-30",
      placeOfSupply: "=HYPERLINK(1)",
      status: "delivered",
      paymentMethod: "upi",
      paymentStatus: "+paid",
      subtotal: 0,
      discount: 0,
      packagingCharge: 0,
      deliveryFee: 0,
      taxableValue: 9524,
      cgst: 238,
      sgst: 238,
      total: 10_000,
      credited: 0,
      creditNotes: null,
    });
    expect(line).toContain(",'=HYPERLINK(1),");
    expect(line).toContain(",'+paid,");
    expect(line).toContain(",-95.24,-2.38,-2.38,-100.00,");
  });
});
