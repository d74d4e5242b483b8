import { expect, test } from "./fixtures";
import { axeFindings } from "./pages/admin";
import { expectPdfDownload } from "./pages/documents";
import { REGULAR_BUSINESS_BODY } from "@/tests/support/business-body";

// A credit note in Chromium (product.md §11): a delivered order's refund gets a document of its
// own, which the customer reaches from the order page at /orders/[id]/credit-notes/CN%2F…, reads
// (titled Credit Note, naming the invoice and the reason), downloads as a PDF, and finds linked
// from the refund mail. The e2e server is shared by every spec: the fresh install is put back.

const BUSINESS = { ...REGULAR_BUSINESS_BODY, grievanceOfficer: { ...REGULAR_BUSINESS_BODY.grievanceOfficer, phone: "9845012345" } };

test.afterAll(async ({ adminApi }) => {
  await adminApi.freshInstall();
});

test("a refund's credit note: from the order page, printable, as a PDF, and linked from the mail", async ({
  page,
  shopApi,
  adminApi,
  deliveredOrder,
  mailbox,
  signIn,
}) => {
  await adminApi.send("PUT", "/api/store/business", BUSINESS);
  const { customer, order } = await deliveredOrder("Credit Chitra");
  await adminApi.send("POST", `/api/orders/${order.id}/refund`, { amount: 50, reason: "Cold bowl" }, 201);
  const bill = await shopApi.invoiceOf<{ number: string; creditNotes: { number: string; reason: string }[] }>(customer.token, order.id);
  const [note] = bill.creditNotes;
  expect(note.reason).toBe("Cold bowl");
  const path = `/orders/${order.id}/credit-notes/${encodeURIComponent(note.number)}`;

  await signIn(page, customer.email, customer.password);
  await page.goto(`/orders/${order.id}`);
  await page.getByRole("link", { name: `Credit note ${note.number}` }).click();
  await expect(page).toHaveURL((url) => url.pathname === path);
  const doc = page.getByRole("article", { name: "Credit Note" });
  await expect(doc.getByText(note.number, { exact: true })).toBeVisible();
  await expect(doc.getByText(bill.number, { exact: true })).toBeVisible();
  await expect(doc.getByText("Cold bowl")).toBeVisible();
  await expect(doc.getByRole("rowheader", { name: "CGST @ 2.5%" })).toBeVisible();
  await expect(doc.getByTestId("credit-note-total")).toHaveText("₹50.00");
  expect(await axeFindings(page, { include: "main" })).toEqual([]);

  await expectPdfDownload(page, note.number);

  // The refund mail links to it.
  await expect
    .poll(async () => (await mailbox.to(customer.email)).some((m) => m.subject.includes("paid back") && m.text.includes(path)))
    .toBe(true);

  // Someone else meets the order pages' not-found.
  const other = await shopApi.customerWithToken("Other Omkar");
  await page.context().clearCookies();
  await signIn(page, other.email, other.password);
  expect((await page.goto(path))?.status()).toBe(404);
});
