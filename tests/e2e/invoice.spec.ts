import { expect, test } from "./fixtures";
import { axeFindings } from "./pages/admin";
import { expectPdfDownload } from "./pages/documents";
import { MenuPage } from "./pages/shop";
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

test.beforeAll(async ({ adminApi }) => {
  await adminApi.send("PUT", "/api/store/business", BUSINESS);
});

test.afterAll(async ({ adminApi }) => {
  await adminApi.freshInstall();
});

test("the cart shows the packaging charge and the total incl. GST before checkout", async ({ page, shopApi, signIn, customer }) => {
  await signIn(page, customer.email, customer.password);
  const [item] = await shopApi.menu();
  const menu = new MenuPage(page);
  await menu.open();
  await menu.add(item.name);

  await page.goto("/cart");
  const summary = page.getByRole("region", { name: "Summary" });
  await expect(summary.getByTestId("packaging")).toHaveText("₹10");
  await expect(summary.getByText("Packaging", { exact: true })).toBeVisible();
  // The fee is the shop-wide one while no delivery areas are defined, else shown by PIN code later.
  const fee = Number(/₹(\d+)/.exec((await summary.getByTestId("delivery-fee").textContent()) ?? "")?.[1] ?? 0);
  const total = item.prices.small + 10 + fee;
  await expect(summary.getByTestId("total")).toHaveText(`₹${total}`);
  // The GST inside the total, in rupees and paise, as the bill will split it: 5/105 of it.
  const gst = total * 100 - Math.floor((200 * total * 100 + 105) / 210);
  await expect(summary.getByTestId("incl-gst")).toHaveText(`incl. GST ₹${Math.floor(gst / 100)}.${String(gst % 100).padStart(2, "0")}`);
});

test("a delivered order's tax invoice: View bill, CGST and SGST, the PDF, the mail's link", async ({
  page,
  shopApi,
  deliveredOrder,
  mailbox,
  signIn,
}) => {
  const { customer, order } = await deliveredOrder<{ id: string; total: number; packagingCharge: number }>("Bill Bhavna");
  expect(order.packagingCharge).toBe(10);

  const invoice = await shopApi.invoiceOf<{ number: string; cgst: number; sgst: number; kind: string }>(customer.token, order.id);
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

  expect(await axeFindings(page, { include: "main" })).toEqual([]);
  await page.setViewportSize({ width: 320, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

  await expectPdfDownload(page, invoice.number);

  // The delivered mail links to the bill.
  await expect
    .poll(async () =>
      (await mailbox.to(customer.email)).some((m) => m.subject.endsWith("is delivered") && m.text.includes(`/orders/${order.id}/invoice`)),
    )
    .toBe(true);
});
