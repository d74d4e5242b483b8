import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { AdminNav, axeFindings } from "./pages/admin";

// The business on the bill (product.md §11) in Chromium: an admin fills "Business and bills" at
// /admin/settings, is stopped at the GSTIN field by a mistyped one, saves, and the footer of the
// prerendered public pages shows the FSSAI licence number and the grievance officer on the next
// request. A worker's shop serves its specs one after another: the fresh install (no details) is
// put back.

const FSSAI = "11226999000123";
const OFFICER = { name: "Asha Rao", designation: "Customer Care Head", email: "grievance@freshbowl.in", phone: "+919845012345" };

type PublicBusiness = { fssai: string | null; gstin: string | null; regime: string; packagingCharge: number; grievanceOfficer: unknown };

async function readBusiness(request: APIRequestContext): Promise<PublicBusiness> {
  return ((await (await request.get("/api/store")).json()) as { business: PublicBusiness }).business;
}

test.afterAll(async ({ adminApi }) => {
  await adminApi.freshInstall();
});

const section = (page: Page) => page.getByRole("region", { name: "Business and bills" });
const footer = (page: Page) => page.getByRole("contentinfo");

test("an admin saves the business details; a mistyped GSTIN is refused at its field; the public footer shows the FSSAI number and grievance officer", async ({
  page,
  request,
  signInAsAdmin,
  adminApi,
}) => {
  // A fresh install: the footer says no licence number is entered yet, and names no officer.
  await page.goto("/");
  await expect(footer(page)).toBeVisible();
  await expect(footer(page).getByTestId("fssai-licence")).toHaveText("FSSAI Lic. No.: not yet entered");
  await expect(footer(page).getByText(/Grievance officer/)).toHaveCount(0);

  await signInAsAdmin(page);
  await new AdminNav(page).open("Settings");
  const form = section(page);
  await expect(form.getByRole("radio", { name: /^Not registered for GST: Receipt/ })).toBeChecked();

  await form.getByLabel("Legal name").fill("Fresh Bowl Foods Private Limited");
  await form.getByLabel("Trade name").fill("Fresh Bowl");
  await form.getByLabel("Address").fill("12 Residency Road\nBengaluru 560025");
  await form.getByLabel("State").selectOption("Karnataka");
  await form.getByLabel("FSSAI licence number").fill(FSSAI);
  await form.getByRole("radio", { name: /^Registered for GST \(regular\): Tax invoice with 5 % GST/ }).check();
  // The last character is the checksum of the others: a typo there is caught before saving.
  await form.getByLabel("GSTIN").fill("29AAGCB7383J1Z5");
  await form.getByLabel("Invoice prefix").fill("FBK");
  await form.getByLabel("Packaging charge (₹)").fill("10");
  await form.getByLabel("Grievance officer's name").fill(OFFICER.name);
  await form.getByLabel("Grievance officer's designation").fill(OFFICER.designation);
  await form.getByLabel("Grievance officer's email").fill(OFFICER.email);
  await form.getByLabel("Grievance officer's phone").fill("98450 12345");
  await form.getByRole("button", { name: "Save business details" }).click();

  const gstin = form.getByLabel("GSTIN");
  await expect(gstin).toHaveAttribute("aria-invalid", "true");
  await expect(gstin).toHaveAccessibleDescription(/GSTIN does not check out/);
  await expect(gstin).toBeFocused();
  expect((await readBusiness(request)).fssai).toBeNull();

  expect(await axeFindings(page, { include: "main" })).toEqual([]);

  await gstin.fill("29aagcb7383j1z4");
  await form.getByRole("button", { name: "Save business details" }).click();
  await expect(form.getByRole("status")).toHaveText(/Business details saved/);
  await expect(gstin).toHaveValue("29AAGCB7383J1Z4");
  await expect(gstin).not.toHaveAttribute("aria-invalid");
  expect(await readBusiness(request)).toMatchObject({
    fssai: FSSAI,
    gstin: "29AAGCB7383J1Z4",
    regime: "regular",
    packagingCharge: 10,
    grievanceOfficer: OFFICER,
  });

  // After a reload the form holds what was saved.
  await page.reload();
  await expect(section(page).getByLabel("FSSAI licence number")).toHaveValue(FSSAI);
  await expect(section(page).getByRole("radio", { name: /^Registered for GST \(regular\)/ })).toBeChecked();

  // The prerendered public pages show it on the very next request, on a phone's width too, and so
  // does the admin area's own frame.
  await page.setViewportSize({ width: 320, height: 800 });
  for (const path of ["/", "/menu", "/policies", "/admin/orders"]) {
    await page.goto(path);
    await expect(footer(page).getByText(`FSSAI Lic. No. ${FSSAI}`, { exact: true })).toBeVisible();
    const officer = footer(page).getByTestId("grievance-officer");
    await expect(officer).toHaveText(`Grievance officer: ${OFFICER.name} (${OFFICER.designation}), ${OFFICER.email}, ${OFFICER.phone}`);
    await expect(officer.getByRole("link", { name: OFFICER.email })).toHaveAttribute("href", `mailto:${OFFICER.email}`);
    await expect(officer.getByRole("link", { name: OFFICER.phone })).toHaveAttribute("href", `tel:${OFFICER.phone}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    if (path.startsWith("/admin")) continue;
    // The shop's own footer: the legal name and address as saved, not fixed text, and the links.
    const contact = footer(page).getByTestId("footer-contact");
    await expect(contact).toContainText("Fresh Bowl Foods Private Limited");
    await expect(contact).toContainText("12 Residency Road");
    await expect(contact.getByRole("link", { name: OFFICER.email })).toHaveAttribute("href", `mailto:${OFFICER.email}`);
    await expect(footer(page).getByRole("link", { name: "Policies" })).toHaveAttribute("href", "/policies");
    await expect(footer(page).getByRole("link", { name: "Help" })).toHaveAttribute("href", "/help");
  }
  // The menu's energy line, beside where its nutrition facts are.
  await page.goto("/menu");
  await expect(
    page.getByText("An average active adult requires 2,000 kcal energy per day, however, calorie needs may vary."),
  ).toBeVisible();

  // Back to the fresh install: the footer says so on the next request, and names no officer.
  await adminApi.send("DELETE", "/api/store/business");
  for (const path of ["/", "/admin/orders"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(footer(page).getByTestId("fssai-licence")).toHaveText("FSSAI Lic. No.: not yet entered");
    await expect(footer(page).getByText(/Grievance officer/)).toHaveCount(0);
  }
});
