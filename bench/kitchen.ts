// The kitchen display on a busy night: 500 active orders written straight into PostgreSQL, the
// display open in Chromium as the admin, then orders placed one at a time through the API as the
// checkout places them; for each, the time from sending POST /api/orders to its ticket being in
// the display's page. See bench/README.md ("The rows").
import { randomUUID } from "node:crypto";
import { chromium } from "@playwright/test";
import pg from "pg";
import { ADMIN, CHROME_FLAGS, chromiumPath } from "./config";
import type { OrderLine, Session } from "./orders";
import { sampleAddress } from "@/tests/support/address";

/** Active orders on the display before the measured ones are placed, by status. New stays short of a full column, so each new ticket has room to show. */
const SEED = { pending: 20, confirmed: 180, preparing: 150, out_for_delivery: 150 } as const;
export const KITCHEN_ACTIVE_ORDERS = Object.values(SEED).reduce((a, b) => a + b, 0);
/** Orders placed and timed one by one, a second apart, so each is its own notice and read. */
const PLACEMENTS = 5;
const GAP_MS = 1_000;
/** The display has opened its stream and read once more on `ready`: give that read time to land. */
const SETTLE_MS = 2_000;
const TICKET_TIMEOUT_MS = 20_000;

export type KitchenResult = {
  /** Active orders in the database when the first measured order was placed. */
  activeOrders: number;
  /** Milliseconds from sending each POST to its ticket in the page, in the order placed. */
  placementsMs: number[];
  medianMs: number;
  /** Ticket elements in the display's page once the last one showed (every active order, or the bounded columns). */
  ticketsInPage: number;
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Leaves exactly the seeded orders active: whatever earlier rows placed (the order load) is
 * marked delivered, then 500 orders with three lines each are written, placed over the last hour,
 * oldest first. Triggers are off for this transaction (the embedded server's user is a
 * superuser): the display is not open yet, and thousands of notices would only be noise.
 */
async function seedActiveOrders(databaseUrl: string, lines: OrderLine[]): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("BEGIN");
    await client.query("SET LOCAL session_replication_role = replica");
    await client.query(`UPDATE orders SET status = 'delivered' WHERE status NOT IN ('delivered', 'cancelled')`);
    const { rows } = await client.query<{ id: string }>("SELECT id FROM users WHERE email = $1", [ADMIN.email]);
    if (!rows[0]) throw new Error(`no user ${ADMIN.email} to own the seeded orders`);
    const statuses = Object.entries(SEED).flatMap(([status, n]) => Array<string>(n).fill(status));
    await client.query(
      `INSERT INTO orders (id, user_id, status, payment_method, subtotal, delivery_fee, total, address_name, address_phone,
                           address_street, address_city, address_state, address_zip, created_at, updated_at, slot_start, slot_end, promised_by)
       SELECT 'cbenchkitchen' || lpad(g::text, 12, '0'), $1, s.status::"OrderStatus", 'cash_on_delivery', 597, 40, 637,
              'Bench Guest ' || g, '9876543210', '12 MG Road', 'Bengaluru', 'Karnataka', '560001',
              (now() AT TIME ZONE 'UTC') - make_interval(secs => 3600 - g * 3600.0 / $3),
              (now() AT TIME ZONE 'UTC'),
              (now() AT TIME ZONE 'UTC') - make_interval(secs => 3600 - g * 3600.0 / $3),
              (now() AT TIME ZONE 'UTC') - make_interval(secs => 1800 - g * 3600.0 / $3),
              (now() AT TIME ZONE 'UTC') - make_interval(secs => 1800 - g * 3600.0 / $3)
       FROM unnest($2::text[]) WITH ORDINALITY AS s(status, g)`,
      [rows[0].id, statuses, statuses.length + 1],
    );
    await client.query(
      `INSERT INTO order_lines (id, order_id, menu_item_id, name, portion, unit_price, quantity, line_total, position, options, note)
       SELECT o.id || '-' || l.n, o.id, l.menu_item_id, l.name, l.portion::"Portion", 199, l.quantity, 199 * l.quantity, l.n, '[]'::jsonb,
              CASE WHEN l.n = 1 THEN 'No onions, please' END
       FROM orders o, unnest($1::text[], $2::text[], $3::text[], $4::int[]) WITH ORDINALITY AS l(menu_item_id, name, portion, quantity, n)
       WHERE o.id LIKE 'cbenchkitchen%'`,
      [lines.map((l) => l.item.id), lines.map((l) => l.item.name), lines.map((l) => l.portion), lines.map((l) => l.quantity)],
    );
    await client.query("COMMIT");
    const active = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM orders WHERE status NOT IN ('delivered', 'cancelled')`,
    );
    return active.rows[0].n;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

/** Places one Cash on Delivery order through the API as the checkout does, and answers its id. */
export async function placeOrder(base: string, session: Session, lines: OrderLine[], n: number): Promise<string> {
  const res = await fetch(`${base}/api/orders`, {
    method: "POST",
    headers: { authorization: `Bearer ${session.token}`, "content-type": "application/json", "idempotency-key": randomUUID() },
    body: JSON.stringify({
      items: lines.map((l) => ({ id: l.item.id, portion: l.portion, quantity: l.quantity })),
      address: sampleAddress(`Timed Guest ${n}`),
      paymentMethod: "Cash on Delivery",
    }),
  });
  if (res.status !== 201) throw new Error(`POST /api/orders answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  return ((await res.json()) as { order: { id: string } }).order.id;
}

export async function kitchenLatency(
  base: string,
  browserBase: string,
  databaseUrl: string,
  session: Session,
  lines: OrderLine[],
): Promise<KitchenResult> {
  const activeOrders = await seedActiveOrders(databaseUrl, lines);
  // Playwright adds its own headless and sandbox flags.
  const args = CHROME_FLAGS.filter((f) => !f.startsWith("--headless") && f !== "--no-sandbox");
  const browser = await chromium.launch({ executablePath: chromiumPath(), args });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addCookies([{ name: session.cookieName, value: session.token, url: browserBase, httpOnly: true, sameSite: "Lax" }]);
    const page = await context.newPage();
    const stream = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/events", { timeout: 30_000 });
    const response = await page.goto(`${browserBase}/admin/kitchen`, { waitUntil: "load", timeout: 60_000 });
    if (!response?.ok() || new URL(page.url()).pathname !== "/admin/kitchen") {
      throw new Error(`/admin/kitchen answered ${response?.status()} at ${page.url()} in Chromium`);
    }
    await stream;
    await page.waitForTimeout(SETTLE_MS);

    const placementsMs: number[] = [];
    for (let n = 1; n <= PLACEMENTS; n++) {
      await page.waitForTimeout(GAP_MS);
      const sentAt = Date.now();
      const id = await placeOrder(base, session, lines, n);
      // Its heading's id (components/kitchen/kitchen-ticket.tsx), looked for on every frame.
      const shownAt = await page.waitForFunction(
        (heading) => (document.getElementById(heading) ? Date.now() : 0),
        `kitchen-${id}-heading`,
        {
          polling: "raf",
          timeout: TICKET_TIMEOUT_MS,
        },
      );
      placementsMs.push((await shownAt.jsonValue()) - sentAt);
    }
    const ticketsInPage = await page.locator("article").count();
    await context.close();
    return { activeOrders, placementsMs, medianMs: median(placementsMs), ticketsInPage };
  } finally {
    await browser.close();
  }
}
