// The rider's page on the road: a rider's /rider open in Chromium at 360 px, then orders assigned
// to them one at a time as the kitchen does (PATCH /api/orders/{id} {riderId}); for each, the
// time from sending the PATCH to its card being in the rider's page. Also /rider's first-load
// JavaScript. See bench/README.md ("The rows").
import { chromium } from "@playwright/test";
import pg from "pg";
import { ADMIN, CHROME_FLAGS, chromiumPath } from "./config";
import { firstLoadJs, type FirstLoad } from "./first-load";
import { placeOrder } from "./kitchen";
import type { OrderLine, Session } from "./orders";

const RIDER = { id: "cbenchrider0000000000001", email: "bench-rider@example.com", name: "Bench Rider" } as const;
/** Assignments timed one by one, a second apart, so each is its own notice and read. */
const ASSIGNMENTS = 5;
const GAP_MS = 1_000;
/** The page has opened its stream and read once more on `ready`: give that read time to land. */
const SETTLE_MS = 2_000;
const CARD_TIMEOUT_MS = 20_000;

export type RiderResult = {
  /** Milliseconds from sending each assignment to its card in the rider's page. */
  assignmentsMs: number[];
  medianMs: number;
  firstLoad: FirstLoad;
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** A rider on duty, signing in with the bench admin's password (its hash copied), and no orders of their own yet. */
async function seedRider(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO users (id, name, email, password_hash, role, email_confirmed_at, on_duty, phone, updated_at)
       SELECT $1, $2, $3, password_hash, 'rider', now(), true, '+919845012345', now() FROM users WHERE email = $4
       ON CONFLICT (email) DO UPDATE SET role = 'rider', on_duty = true`,
      [RIDER.id, RIDER.name, RIDER.email, ADMIN.email],
    );
    await client.query(`UPDATE orders SET rider_id = NULL WHERE rider_id = $1`, [RIDER.id]);
  } finally {
    await client.end();
  }
}

async function riderSession(base: string, cookieName: string): Promise<Session> {
  const res = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: RIDER.email, password: ADMIN.password }),
  });
  if (!res.ok) throw new Error(`POST /api/login as the rider answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  return { token: ((await res.json()) as { token: string }).token, cookieName };
}

async function assign(base: string, admin: Session, orderId: string): Promise<void> {
  const res = await fetch(`${base}/api/orders/${orderId}`, {
    method: "PATCH",
    headers: { authorization: `Bearer ${admin.token}`, "content-type": "application/json" },
    body: JSON.stringify({ riderId: RIDER.id }),
  });
  if (res.status !== 200)
    throw new Error(`PATCH /api/orders/${orderId} {riderId} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
}

export async function riderLatency(
  base: string,
  browserBase: string,
  databaseUrl: string,
  admin: Session,
  lines: OrderLine[],
): Promise<RiderResult> {
  await seedRider(databaseUrl);
  const rider = await riderSession(base, admin.cookieName);
  const orders: string[] = [];
  for (let n = 1; n <= ASSIGNMENTS; n++) orders.push(await placeOrder(base, admin, lines, n));
  // Playwright adds its own headless and sandbox flags.
  const args = CHROME_FLAGS.filter((f) => !f.startsWith("--headless") && f !== "--no-sandbox");
  const browser = await chromium.launch({ executablePath: chromiumPath(), args });
  const assignmentsMs: number[] = [];
  try {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    await context.addCookies([{ name: rider.cookieName, value: rider.token, url: browserBase, httpOnly: true, sameSite: "Lax" }]);
    const page = await context.newPage();
    const stream = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/events", { timeout: 30_000 });
    const response = await page.goto(`${browserBase}/rider`, { waitUntil: "load", timeout: 60_000 });
    if (!response?.ok() || new URL(page.url()).pathname !== "/rider")
      throw new Error(`/rider answered ${response?.status()} at ${page.url()}`);
    await stream;
    await page.waitForTimeout(SETTLE_MS);
    for (const id of orders) {
      await page.waitForTimeout(GAP_MS);
      const sentAt = Date.now();
      await assign(base, admin, id);
      // Its heading's id (components/riders/rider-order-card.tsx), looked for on every frame.
      const shownAt = await page.waitForFunction((heading) => (document.getElementById(heading) ? Date.now() : 0), `rider-order-${id}`, {
        polling: "raf",
        timeout: CARD_TIMEOUT_MS,
      });
      assignmentsMs.push((await shownAt.jsonValue()) - sentAt);
    }
    await context.close();
  } finally {
    await browser.close();
  }
  const [firstLoad] = await firstLoadJs(browserBase, ["/rider"], rider, { live: true });
  return { assignmentsMs, medianMs: median(assignmentsMs), firstLoad };
}
