import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, test, ADMIN, FRESH_HOURS, FRESH_STORE as FRESH, randomIp } from "./fixtures";
import { AdminNav, axeFindings, sidewaysOverflow } from "./pages/admin";

// /admin/settings (product.md §9) in Chromium: an admin sets hours, holidays, slots and delivery
// areas and finds them after a reload; refusals show the API's message at the field and save
// nothing; only admins get in. A worker's shop serves its specs one after another: each test
// puts the fresh install back through the API.

type Store = typeof FRESH & { open: boolean };
type Area = { id: string; name: string; pins: string[]; fee: number; minimumOrder: number; freeDeliveryFrom: number | null };

async function readStore(request: APIRequestContext): Promise<Store> {
  return (await (await request.get("/api/store")).json()) as Store;
}

async function readAreas(request: APIRequestContext): Promise<Area[]> {
  return (await (await request.get("/api/delivery-areas")).json()) as Area[];
}

test.afterEach(async ({ adminApi }) => {
  await adminApi.freshInstall();
});

const day = (page: Page, name: string) => page.getByRole("group", { name, exact: true });
const area = (page: Page, n: number) => page.getByRole("group", { name: new RegExp(`^Area ${n}\\b`) });
const hoursForm = (page: Page) => page.getByRole("region", { name: "Opening hours and slots" });
const areasForm = (page: Page) => page.getByRole("region", { name: "Delivery areas" });

async function fillArea(group: Locator, values: { name: string; pins: string; fee: string; minimum?: string; freeFrom?: string }) {
  await group.getByLabel("Name", { exact: true }).fill(values.name);
  await group.getByLabel("PIN codes and prefixes").fill(values.pins);
  await group.getByLabel("Fee (₹)").fill(values.fee);
  if (values.minimum !== undefined) await group.getByLabel("Minimum order (₹)").fill(values.minimum);
  if (values.freeFrom !== undefined) await group.getByLabel(/^Free delivery from/).fill(values.freeFrom);
}

test("an admin sets split hours, closed dates, slots and an area, and finds them after a reload", async ({
  page,
  request,
  signInAsAdmin,
}) => {
  await signInAsAdmin(page);
  await new AdminNav(page).open("Settings");
  await expect(page.getByTestId("store-state")).toHaveText(/^Open · delivering by \d{1,2}:\d{2} [ap]m( tomorrow)?$/);

  const monday = day(page, "Monday");
  // A fresh install: open round the clock.
  await expect(monday.getByLabel("Range 1 opens")).toHaveValue("00:00");
  await expect(monday.getByRole("checkbox", { name: "Monday range 1 Until midnight" })).toBeChecked();
  await monday.getByLabel("Range 1 opens").fill("11:00");
  await monday.getByRole("checkbox", { name: "Monday range 1 Until midnight" }).uncheck();
  await monday.getByLabel("Range 1 closes").fill("15:00");
  await monday.getByRole("button", { name: "Add range on Monday" }).click();
  await expect(monday.getByLabel("Range 2 opens")).toBeFocused();
  await monday.getByLabel("Range 2 opens").fill("18:30");
  await monday.getByRole("checkbox", { name: "Monday range 2 Until midnight" }).check();

  const tuesday = day(page, "Tuesday");
  await tuesday.getByRole("button", { name: "Remove range 1 on Tuesday" }).click();
  await expect(tuesday.getByText("Closed", { exact: true })).toBeVisible();

  const dateBox = page.getByLabel("Closed date to add");
  await dateBox.fill("2027-01-26");
  await page.getByRole("button", { name: "Add date" }).click();
  await dateBox.fill("2026-12-25");
  await dateBox.press("Enter");
  const closedDates = page.getByRole("list", { name: "Closed dates" }).getByRole("listitem");
  await expect(closedDates).toHaveText([/Fri, 25 Dec 2026/, /Tue, 26 Jan 2027/]);

  await page.getByLabel("Slot length").selectOption({ label: "15 minutes" });
  await page.getByLabel("Orders per slot").fill("8");
  await page.getByLabel("Preparation minutes").fill("45");
  await page.getByLabel("Days ahead").fill("3");
  await hoursForm(page).getByRole("button", { name: "Save hours and slots" }).click();
  await expect(page.getByText("Opening hours and slots saved")).toBeVisible();

  await expect(areasForm(page).getByText("No delivery areas: every PIN code is served")).toBeVisible();
  await areasForm(page).getByRole("button", { name: "Add area" }).click();
  await expect(area(page, 1).getByLabel("Name", { exact: true })).toBeFocused();
  await fillArea(area(page, 1), { name: "Koramangala", pins: "560034, 5600", fee: "30", minimum: "199", freeFrom: "499" });
  await areasForm(page).getByRole("button", { name: "Save delivery areas" }).click();
  await expect(page.getByText("Delivery areas saved")).toBeVisible();

  const store = await readStore(request);
  expect(store.hours.mon).toEqual([
    { open: "11:00", close: "15:00" },
    { open: "18:30", close: "24:00" },
  ]);
  expect(store.hours.tue).toEqual([]);
  expect(store).toMatchObject({
    closedDates: ["2026-12-25", "2027-01-26"],
    slotMinutes: 15,
    ordersPerSlot: 8,
    prepMinutes: 45,
    daysAhead: 3,
  });
  expect(await readAreas(request)).toMatchObject([
    { name: "Koramangala", pins: ["560034", "5600"], fee: 30, minimumOrder: 199, freeDeliveryFrom: 499 },
  ]);

  await page.reload();
  await expect(monday.getByLabel("Range 1 opens")).toHaveValue("11:00");
  await expect(monday.getByLabel("Range 1 closes")).toHaveValue("15:00");
  await expect(monday.getByLabel("Range 2 opens")).toHaveValue("18:30");
  await expect(monday.getByRole("checkbox", { name: "Monday range 2 Until midnight" })).toBeChecked();
  await expect(tuesday.getByText("Closed", { exact: true })).toBeVisible();
  await expect(closedDates).toHaveText([/Fri, 25 Dec 2026/, /Tue, 26 Jan 2027/]);
  await expect(page.getByLabel("Slot length")).toHaveValue("15");
  await expect(page.getByLabel("Orders per slot")).toHaveValue("8");
  await expect(page.getByLabel("Preparation minutes")).toHaveValue("45");
  await expect(page.getByLabel("Days ahead")).toHaveValue("3");
  await expect(area(page, 1)).toHaveAccessibleName("Area 1: Koramangala");
  await expect(area(page, 1).getByLabel("PIN codes and prefixes")).toHaveValue("560034, 5600");
  await expect(area(page, 1).getByLabel("Fee (₹)")).toHaveValue("30");
  await expect(area(page, 1).getByLabel("Minimum order (₹)")).toHaveValue("199");
  await expect(area(page, 1).getByLabel(/^Free delivery from/)).toHaveValue("499");

  // Removing a closed date and Monday's evening saves too.
  await page.getByRole("button", { name: "Remove Fri, 25 Dec 2026" }).click();
  await monday.getByRole("button", { name: "Remove range 2 on Monday" }).click();
  await hoursForm(page).getByRole("button", { name: "Save hours and slots" }).click();
  await expect.poll(async () => (await readStore(request)).closedDates).toEqual(["2027-01-26"]);
  expect((await readStore(request)).hours.mon).toEqual([{ open: "11:00", close: "15:00" }]);
});

test("close before open, overlapping ranges and one PIN in two areas show the API's message by the field and save nothing", async ({
  page,
  request,
  signInAsAdmin,
}) => {
  await signInAsAdmin(page);
  await page.goto("/admin/settings");
  const monday = day(page, "Monday");
  await monday.getByRole("checkbox", { name: "Monday range 1 Until midnight" }).uncheck();
  await monday.getByLabel("Range 1 opens").fill("15:00");
  await monday.getByLabel("Range 1 closes").fill("11:00");
  await hoursForm(page).getByRole("button", { name: "Save hours and slots" }).click();
  const closes = monday.getByLabel("Range 1 closes");
  await expect(closes).toHaveAttribute("aria-invalid", "true");
  await expect(closes).toHaveAccessibleDescription("must be after the opening time");

  // Two ranges that overlap: the later one (in time order, as they are saved) says with which.
  await closes.fill("18:00");
  await monday.getByRole("button", { name: "Add range on Monday" }).click();
  await monday.getByLabel("Range 2 opens").fill("09:00");
  await monday.getByLabel("Range 2 closes").fill("16:00");
  await hoursForm(page).getByRole("button", { name: "Save hours and slots" }).click();
  await expect(monday.getByLabel("Range 1 opens")).toHaveValue("09:00");
  await expect(monday.getByRole("listitem").nth(1).getByRole("alert")).toHaveText("Range 2: overlaps 09:00–16:00");

  await areasForm(page).getByRole("button", { name: "Add area" }).click();
  await fillArea(area(page, 1), { name: "Koramangala", pins: "560034", fee: "30" });
  await areasForm(page).getByRole("button", { name: "Add area" }).click();
  await fillArea(area(page, 2), { name: "HSR Layout", pins: "560102 560034", fee: "40" });
  await areasForm(page).getByRole("button", { name: "Save delivery areas" }).click();
  const pins = area(page, 2).getByLabel("PIN codes and prefixes");
  await expect(pins).toHaveAttribute("aria-invalid", "true");
  await expect(pins).toBeFocused();
  await expect(pins).toHaveAccessibleDescription(/^560034 is already in Koramangala/);

  const store = await readStore(request);
  expect(store.hours).toEqual(FRESH_HOURS);
  expect(await readAreas(request)).toEqual([]);
});

test("a refusal only the server makes is shown at the field it names", async ({ page, request, signInAsAdmin }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/settings");
  // Stands for any rule the page's copy did not foresee (a page loaded before a deploy): the
  // request is changed on its way, so only the server sees a preparation time under 5 minutes.
  await page.route("**/api/store", async (route) => {
    if (route.request().method() !== "PUT") return route.continue();
    const body = route.request().postDataJSON() as typeof FRESH;
    await route.continue({ postData: JSON.stringify({ ...body, prepMinutes: 4 }) });
  });
  const prep = page.getByLabel("Preparation minutes");
  await prep.fill("40");
  await hoursForm(page).getByRole("button", { name: "Save hours and slots" }).click();
  await expect(prep).toHaveAttribute("aria-invalid", "true");
  await expect(prep).toBeFocused();
  await expect(prep).toHaveAccessibleDescription(/^must be a whole number from 5 to 240/);
  await page.unroute("**/api/store");
  expect((await readStore(request)).prepMinutes).toBe(30);
});

test("the settings page works at 320 px without sideways scrolling and passes axe", async ({ page, signInAsAdmin }) => {
  await signInAsAdmin(page);
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto("/admin/settings");
  await areasForm(page).getByRole("button", { name: "Add area" }).click();
  await day(page, "Sunday").getByRole("button", { name: "Add range on Sunday" }).click();
  expect(await sidewaysOverflow(page), "/admin/settings scrolls sideways at 320 px").toBeLessThanOrEqual(0);
  expect(await axeFindings(page, { include: "main" })).toEqual([]);
});

test("the settings come from the server filled in, and wait for the page's script before taking input", async ({ browser, adminApi }) => {
  const saved = { ...FRESH, hours: { ...FRESH_HOURS, mon: [{ open: "11:00", close: "15:00" }] }, prepMinutes: 45 };
  await adminApi.send("PUT", "/api/store", saved);
  const koramangala = { name: "Koramangala", pins: ["560034"], fee: 30, minimumOrder: 199, freeDeliveryFrom: null };
  await adminApi.send("PUT", "/api/delivery-areas", [koramangala]);

  // Without the page's script (its chunks never arrive) the page is what the server streamed:
  // what a slow phone shows until React takes over.
  const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": randomIp() } });
  try {
    expect((await context.request.post("/api/login", { data: ADMIN })).status()).toBe(200);
    const page = await context.newPage();
    await page.route("**/_next/static/chunks/**", (route) => route.abort());
    await page.goto("/admin/settings");
    const monday = day(page, "Monday");
    await expect(monday.getByLabel("Range 1 opens")).toHaveValue("11:00");
    await expect(monday.getByLabel("Range 1 closes")).toHaveValue("15:00");
    await expect(monday.getByRole("checkbox", { name: "Monday range 1 Until midnight" })).not.toBeChecked();
    await expect(day(page, "Tuesday").getByRole("checkbox", { name: "Tuesday range 1 Until midnight" })).toBeChecked();
    await expect(hoursForm(page).getByLabel("Preparation minutes")).toHaveValue("45");
    await expect(area(page, 1).getByLabel("Name", { exact: true })).toHaveValue("Koramangala");
    await expect(area(page, 1).getByLabel("PIN codes and prefixes")).toHaveValue("560034");
    await expect(page.getByRole("radio", { name: /^Not registered for GST/ })).toBeChecked();
    // Typing now would be undone when the script takes over, so nothing takes input yet.
    await expect(hoursForm(page).getByLabel("Preparation minutes")).toBeDisabled();
    await expect(hoursForm(page).getByRole("button", { name: "Save hours and slots" })).toBeDisabled();
  } finally {
    await context.close();
  }
});

test("only admins reach /admin/settings and change what it saves", async ({ page, request, signIn, shopApi }) => {
  await page.goto("/admin/settings");
  await expect(page).toHaveURL((url) => url.pathname === "/login" && url.searchParams.get("next") === "/admin/settings");

  const customer = await shopApi.customer("Nosy Customer");
  await signIn(page, customer.email, customer.password);
  await page.goto("/admin/settings");
  await expect(page).toHaveURL((url) => url.pathname === "/");

  const headers = { authorization: `Bearer ${await shopApi.tokenFor(customer.email, customer.password)}` };
  expect((await request.put("/api/store", { headers, data: { prepMinutes: 60 } })).status()).toBe(403);
  expect((await request.put("/api/delivery-areas", { headers, data: [] })).status()).toBe(403);
  expect((await readStore(request)).prepMinutes).toBe(30);
});
