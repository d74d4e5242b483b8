import AxeBuilder from "@axe-core/playwright";
import { readFile } from "node:fs/promises";
import type { Download, Page } from "@playwright/test";
import { expect, orderCode, test } from "./fixtures";
import { AdminNav } from "./pages/admin";
import { formatPaise } from "@/lib/money";
import { indiaWallClock } from "@/lib/time";
import type { Gstr1 } from "@/lib/reports/types";
import { REGULAR_BUSINESS_BODY } from "@/tests/support/business-body";

// The accountant's page (product.md §11) in Chromium: an admin opens Reports from the sidebar,
// sees this month's GSTR-1 figures take in an order once it is delivered (its tax invoice), saves
// them as JSON, and downloads the sales CSV with the order's row in it. The kitchen is made a
// registered one for this spec (a fresh install issues receipts, which carry no tax) and the
// fresh install is put back after, as a worker's shop serves its specs one after another.

const BUSINESS = {
  ...REGULAR_BUSINESS_BODY,
  address: "12 Residency Road, Bengaluru 560025",
  grievanceOfficer: { ...REGULAR_BUSINESS_BODY.grievanceOfficer, phone: "+919845012345" },
};

type Order = { id: string; total: number; invoice: { number: string } | null };
type Invoice = {
  number: string;
  taxableValue: number;
  cgst: number;
  sgst: number;
  total: number;
  placeOfSupply: { state: string; code: string };
};

test.afterAll(async ({ adminApi }) => {
  await adminApi.freshInstall();
});

const text = async (download: Download) => readFile((await download.path())!, "utf8");
const gstr1 = (page: Page) => page.getByRole("region", { name: /^GSTR-1 figures/ });

test("an admin sees the month's GSTR-1 figures take in a delivered order, and downloads them and the sales CSV", async ({
  page,
  request,
  shopApi,
  adminApi,
  signInAsAdmin,
}) => {
  await adminApi.send("PUT", "/api/store/business", BUSINESS);
  const admin = await adminApi.headers();
  const today = indiaWallClock(new Date()).dateKey;
  const month = today.slice(0, 7);
  const figures = async () => {
    const res = await request.get(`/api/reports/gstr1?month=${month}`, { headers: admin });
    expect(res.status()).toBe(200);
    return (await res.json()) as Gstr1;
  };
  // The JSON's rupees, back to paise.
  const karnataka = (f: Gstr1) => {
    const row = f.b2cs.find((r) => r.pos === "29") ?? { txval: 0, camt: 0, samt: 0 };
    return { taxableValue: Math.round(row.txval * 100), cgst: Math.round(row.camt * 100), sgst: Math.round(row.samt * 100) };
  };
  const before = karnataka(await figures());

  // A customer's order, delivered: its tax invoice is issued now, in this India month.
  const { token } = await shopApi.customerWithToken("Report Diner");
  const { order } = await shopApi.placeOrder<Order>(token, "Rao, Asha");
  await shopApi.deliver(await adminApi.bearer(), order.id);
  const invoice = (await (await request.get(`/api/orders/${order.id}/invoice`, { headers: admin })).json()) as Invoice;
  expect(invoice.placeOfSupply).toEqual({ state: "Karnataka", code: "29" });
  expect(invoice.total).toBe(order.total * 100);

  await signInAsAdmin(page);
  await new AdminNav(page).open("Reports");

  // B2C summary: Karnataka's row grew by exactly the invoice's taxable value and taxes.
  const section = gstr1(page);
  const row = section.getByRole("region", { name: /by place of supply/ }).getByRole("row", { name: /^29 / });
  await expect(row.getByRole("cell")).toHaveText([
    "5%",
    formatPaise(before.taxableValue + invoice.taxableValue),
    formatPaise(before.cgst + invoice.cgst),
    formatPaise(before.sgst + invoice.sgst),
  ]);
  // Documents issued: this invoice is the month's last so far.
  const invoices = section.getByRole("region", { name: /Numbers issued/ }).getByRole("row", { name: /^Invoices/ });
  await expect(invoices.getByRole("cell").nth(1)).toHaveText(invoice.number);

  // Download JSON: what GET /api/reports/gstr1 answers, as a file.
  const [json] = await Promise.all([page.waitForEvent("download"), section.getByRole("link", { name: "Download JSON" }).click()]);
  expect(json.suggestedFilename()).toBe(`fresh-bowl-gstr1-${month}.json`);
  expect(JSON.parse(await text(json))).toEqual(await figures());

  // The sales CSV: a reversed range is refused at the field, today's has the order's row.
  const sales = page.getByRole("region", { name: "Sales CSV" });
  await sales.getByLabel("From").fill(today);
  await sales.getByLabel("To").fill("2020-01-01");
  await sales.getByRole("button", { name: "Download CSV" }).click();
  await expect(sales.getByLabel("To")).toHaveAttribute("aria-invalid", "true");
  await expect(sales.getByLabel("To")).toHaveAccessibleDescription(/to must be the same day as from or later/);
  await sales.getByLabel("To").fill(today);
  const [csv] = await Promise.all([page.waitForEvent("download"), sales.getByRole("button", { name: "Download CSV" }).click()]);
  expect(csv.suggestedFilename()).toBe(`fresh-bowl-sales-${today}-to-${today}.csv`);
  const lines = (await text(csv)).split("\r\n");
  expect(lines[0]).toBe(
    "date,code,invoice_number,status,payment_method,payment_status,subtotal_inr,discount_inr,packaging_inr,delivery_fee_inr,taxable_value_inr,cgst_inr,sgst_inr,total_inr",
  );
  const cells = lines.find((line) => line.includes(`,${invoice.number},`))?.split(",");
  expect(cells?.slice(0, 6)).toEqual([today, orderCode(order.id), invoice.number, "delivered", "Cash on Delivery", "paid"]);
  expect(cells?.at(-1)).toBe(`${order.total}.00`);
  expect(cells?.slice(10, 13)).toEqual([invoice.taxableValue, invoice.cgst, invoice.sgst].map((p) => (p / 100).toFixed(2)));
  await expect(sales.getByLabel("To")).not.toHaveAttribute("aria-invalid", "true");

  // By invoice: the bill's own row, by its date, with its kind and place of supply.
  const [byInvoice] = await Promise.all([
    page.waitForEvent("download"),
    sales.getByRole("button", { name: "Download by invoice (CSV)" }).click(),
  ]);
  expect(byInvoice.suggestedFilename()).toBe(`fresh-bowl-sales-by-invoice-${today}-to-${today}.csv`);
  const documents = (await text(byInvoice)).split("\r\n");
  expect(documents[0]).toMatch(/^date,code,document_number,document_kind,invoice_date,place_of_supply,/);
  const billRow = documents.find((line) => line.includes(`,${invoice.number},`))?.split(",");
  expect(billRow?.slice(0, 5)).toEqual([today, orderCode(order.id), invoice.number, "tax_invoice", today]);

  // A month written wrong is refused at the month field, with nothing to download.
  await page.goto("/admin/reports?month=2026-13");
  await expect(gstr1(page).getByLabel("Month")).toHaveAttribute("aria-invalid", "true");
  await expect(gstr1(page).getByRole("link", { name: "Download JSON" })).toHaveCount(0);

  // On a 320 px phone: nothing wider than the screen but the tables' own scrolling regions; no axe violations.
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto("/admin/reports");
  await expect(gstr1(page)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});

test("Reports is the admins' own: a visitor is sent to sign in, and the report API refuses one", async ({ page, request }) => {
  await page.goto("/admin/reports?month=2026-11");
  await expect(page).toHaveURL((url) => url.pathname === "/login" && url.searchParams.get("next") === "/admin/reports?month=2026-11");
  expect((await request.get("/api/reports/gstr1?month=2026-11")).status()).toBe(401);
  expect((await request.get("/api/reports/sales.csv?from=2026-11-01&to=2026-11-30")).status()).toBe(401);
});
