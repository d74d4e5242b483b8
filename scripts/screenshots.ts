// `npx tsx scripts/screenshots.ts`: README screenshots from a running shop (default
// http://localhost:3000; SHOT_URL overrides). The shop's pages are shot signed out; the admin's
// (kitchen display, dashboard) signed in as ADMIN_EMAIL / ADMIN_PASSWORD, after placing a few
// orders as that account so the display has tickets on it.
import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { randomUUID } from "node:crypto";
import { chromium, type Browser, type BrowserContextOptions, type Page } from "@playwright/test";
import { sampleAddress } from "@/tests/support/address";

const base = process.env.SHOT_URL ?? "http://localhost:3000";
const executablePath = process.env.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);
const admin = { email: process.env.ADMIN_EMAIL ?? "admin@freshbowl.local", password: process.env.ADMIN_PASSWORD ?? "" };

type Shot = { name: string; path: string; width: number; height: number; then?: (page: Page) => Promise<void> };

const shopShots: Shot[] = [
  { name: "landing-desktop", path: "/", width: 1280, height: 900 },
  { name: "menu-desktop", path: "/menu", width: 1280, height: 1000 },
  { name: "menu-mobile", path: "/menu?category=veg-salads", width: 375, height: 812 },
  { name: "login-mobile", path: "/login", width: 375, height: 812 },
  { name: "menu-filters-mobile", path: "/menu?diet=veg&protein=high&free=peanut,tree-nuts", width: 375, height: 812 },
  {
    name: "customise-mobile",
    path: "/menu?category=veg-salads",
    width: 375,
    height: 812,
    then: async (page) => {
      await page.getByRole("button", { name: "Customise" }).first().click();
      await page.getByRole("dialog").waitFor();
    },
  },
];

const adminShots: Shot[] = [
  { name: "kitchen-tablet", path: "/admin/kitchen", width: 1280, height: 800 },
  { name: "dashboard-desktop", path: "/admin/dashboard", width: 1280, height: 1000 },
];

async function shoot(browser: Browser, shots: Shot[], storageState?: BrowserContextOptions["storageState"]) {
  for (const shot of shots) {
    const context = await browser.newContext({ viewport: { width: shot.width, height: shot.height }, deviceScaleFactor: 1, storageState });
    const page = await context.newPage();
    await page.goto(`${base}${shot.path}`, { waitUntil: "networkidle" });
    await shot.then?.(page);
    await page.screenshot({ path: `docs/screenshots/${shot.name}.png` });
    await context.close();
    console.log(`docs/screenshots/${shot.name}.png`);
  }
}

/** Signs in as the admin through the login form and places `count` orders as that account. */
async function adminSession(browser: Browser, count: number) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password", { exact: true }).fill(admin.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await page.getByText("Login successful!").waitFor();
  const menu = (await (await page.request.get(`${base}/api/menu`)).json()) as { id: string; available: boolean }[];
  const available = menu.filter((item) => item.available);
  for (let i = 0; i < count; i++) {
    const reply = await page.request.post(`${base}/api/orders`, {
      headers: { Origin: base, "Idempotency-Key": randomUUID() },
      data: {
        items: [
          { id: available[i % available.length].id, portion: "medium", quantity: 1 + (i % 2) },
          { id: available[(i + 5) % available.length].id, portion: "small", quantity: 1 },
        ],
        address: sampleAddress(["Asha Rao", "Vikram Nair", "Meera Iyer"][i % 3]),
        paymentMethod: "Cash on Delivery",
      },
    });
    if (!reply.ok()) throw new Error(`placing a sample order: ${reply.status()} ${await reply.text()}`);
  }
  const state = await context.storageState();
  await context.close();
  return state;
}

await mkdir("docs/screenshots", { recursive: true });
const browser = await chromium.launch({ executablePath });
await shoot(browser, shopShots);
if (admin.password) await shoot(browser, adminShots, await adminSession(browser, 3));
else console.log("ADMIN_PASSWORD is not set: the admin's screenshots are skipped");
await browser.close();
