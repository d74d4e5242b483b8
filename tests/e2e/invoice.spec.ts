import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext } from "@playwright/test";
import { ADMIN, expect, randomIp, test } from "./fixtures";
import { REGULAR_BUSINESS_BODY } from "@/tests/support/business-body";

// The bill in Chromium (product.md §11): under the regular regime with a packaging charge, the
// cart shows Packaging and "incl. GST" before paying; an order delivered by the admin gets its
// tax invoice, which the customer reaches from the order page ("View bill"), reads with its CGST
// and SGST, and downloads as a PDF; the delivered mail links to it. The e2e server is shared by
// every spec: the fresh install (no business details) is put back afterwards.

const FSSAI = "11226999000123";
const BUSINESS = {
  ...REGULAR_BUSINESS_BODY,
  fssai: FSSAI,
  grievanceOfficer: { ...REGULAR_BUSINESS_BODY.grievanceOfficer, phone: "9845012345" },
};

async function adminHeaders(request: APIRequestContext) {
  const res = await request.post("/api/login", { data: ADMIN, headers: { "x-forwarded-for": randomIp() } });
  expect(res.status()).toBe(200);
  return { authorization: `Bearer ${((await res.json()) as { token: string }).token}` };
}

test.beforeAll(async ({ playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": randomIp() } });
  try {
    const res = await api.put("/api/store/business", { headers: await adminHeaders(api), data: BUSINESS });
    expect(res.status(), await res.text()).toBe(200);
  } finally {
    await api.dispose();
  }
});

test.afterAll(async ({ playwright, baseURL }) => {
  // A context of its own: a test's `request` may carry someone's cookie.
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": randomIp() } });
  try {
    expect((await api.delete("/api/store/business", { headers: await adminHeaders(api) })).status()).toBe(200);
  } finally {
    await api.dispose();
  }
});

test("the cart shows the packaging charge and the total incl. GST before checkout", async ({ page, shopApi, signIn }) => {
  const customer = await shopApi.customer("Cart Chitra");
  const [item] = await shopApi.menu();
  await signIn(page, customer.email, customer.password);
  await page.goto("/menu");
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: item.name, exact: true }) });
  await card.getByRole("button", { name: /Add to Cart/ }).click();
  await expect(page.getByText(`${item.name} added to cart`).filter({ visible: true }).first()).toBeVisible();

  await page.goto("/cart");
  const summary = page.getByRole("region", { name: "Summary" });
  await expect(summary.getByTestId("packaging")).toHaveText("₹10");
  await expect(summary.getByText("Packaging", { exact: true })).toBeVisible();
  await expect(summary.getByTestId("incl-gst")).toHaveText("incl. GST");
  // The fee is the shop-wide one while no delivery areas are defined, else shown by PIN code later.
  const fee = Number(/₹(\d+)/.exec((await summary.getByTestId("delivery-fee").textContent()) ?? "")?.[1] ?? 0);
  await expect(summary.getByTestId("total")).toHaveText(`₹${item.prices.small + 10 + fee}`);
});

test("a delivered order's tax invoice: View bill, CGST and SGST, the PDF, the mail's link", async ({
  page,
  request,
  shopApi,
  mailbox,
  signIn,
}) => {
  const customer = await shopApi.customer("Bill Bhavna");
  const token = await shopApi.tokenFor(customer.email, customer.password);
  const { order } = await shopApi.placeOrder<{ id: string; total: number; packagingCharge: number }>(token, customer.name);
  expect(order.packagingCharge).toBe(10);
  const admin = (await adminHeaders(request)).authorization.replace("Bearer ", "");
  for (const status of ["confirmed", "preparing", "out_for_delivery", "delivered"]) await shopApi.moveOrder(admin, order.id, status);

  const res = await request.get(`/api/orders/${order.id}/invoice`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  const invoice = (await res.json()) as { number: string; cgst: number; sgst: number; kind: string };
  expect(invoice.kind).toBe("tax_invoice");

  await signIn(page, customer.email, customer.password);
  await page.goto(`/orders/${order.id}`);
  await page.getByRole("link", { name: "View bill" }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${order.id}/invoice$`));
  const bill = page.getByRole("article", { name: "Tax Invoice" });
  await expect(bill.getByText(invoice.number, { exact: true })).toBeVisible();
  await expect(bill.getByText(`FSSAI Lic. No. ${FSSAI}`)).toBeVisible();
  await expect(bill.getByText("GSTIN: 29AAGCB7383J1Z4")).toBeVisible();
  await expect(bill.getByRole("rowheader", { name: "CGST @ 2.5%" })).toBeVisible();
  await expect(bill.getByRole("rowheader", { name: "SGST @ 2.5%" })).toBeVisible();
  await expect(bill.getByTestId("bill-total")).toHaveText(`₹${order.total.toLocaleString("en-IN")}.00`);
  await expect(page.getByRole("button", { name: "Print" })).toBeVisible();

  const { violations } = await new AxeBuilder({ page }).include("main").analyze();
  expect(violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  await page.setViewportSize({ width: 320, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download PDF" }).click()]);
  expect(download.suggestedFilename()).toBe(`${invoice.number.replaceAll("/", "-")}.pdf`);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");

  // The delivered mail links to the bill.
  await expect
    .poll(async () =>
      (await mailbox.to(customer.email)).some((m) => m.subject.endsWith("is delivered") && m.text.includes(`/orders/${order.id}/invoice`)),
    )
    .toBe(true);
});
