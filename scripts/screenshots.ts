// `npx tsx scripts/screenshots.ts`: README screenshots from a running shop (default
// http://localhost:3000; SHOT_URL overrides). Sign-in pages are shot signed out.
import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { chromium } from "@playwright/test";

const base = process.env.SHOT_URL ?? "http://localhost:3000";
const executablePath = process.env.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);

const shots = [
  { name: "landing-desktop", path: "/", width: 1280, height: 900 },
  { name: "menu-desktop", path: "/menu", width: 1280, height: 1000 },
  { name: "menu-mobile", path: "/menu?category=veg-salads", width: 375, height: 812 },
  { name: "login-mobile", path: "/login", width: 375, height: 812 },
];

await mkdir("docs/screenshots", { recursive: true });
const browser = await chromium.launch({ executablePath });
for (const shot of shots) {
  const page = await browser.newPage({ viewport: { width: shot.width, height: shot.height }, deviceScaleFactor: 1 });
  await page.goto(`${base}${shot.path}`, { waitUntil: "networkidle" });
  await page.screenshot({ path: `docs/screenshots/${shot.name}.png` });
  await page.close();
  console.log(`docs/screenshots/${shot.name}.png`);
}
await browser.close();
