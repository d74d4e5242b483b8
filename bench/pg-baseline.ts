// The orders baseline: what the same PostgreSQL does with the same writes and no web stack.
// A `pg` pool of 10 and 10 loops (one per connection, like the 10 HTTP connections), each
// running BEGIN; INSERT the order; INSERT its 3 lines; COMMIT, with the columns the shop writes
// (prisma/migrations/*/migration.sql: orders, order_lines), for the admin and real menu items.
import { randomUUID } from "node:crypto";
import pg from "pg";
import { ADMIN, config } from "./config";
import type { OrderLine } from "./orders";

export type PgBaselineResult = {
  label: string;
  seconds: number;
  ordersPerSecond: number;
  orders: number;
  errors: number;
  p99Ms: number;
  firstError?: string;
};

/** The shop's default (lib/env.ts DELIVERY_FEE), so the rows match what the shop writes. */
const DELIVERY_FEE = 40;

const INSERT_ORDER = `INSERT INTO orders (id, user_id, status, payment_method, subtotal, delivery_fee, total,
  address_name, address_phone, address_street, address_city, address_state, address_zip, created_at, updated_at,
  slot_start, slot_end, promised_by)
  VALUES ($1, $2, 'pending', 'cash_on_delivery', $3, $4, $5, $6, $7, $8, $9, $10, $11, now(), now(), now(), now() + interval '30 minutes', now() + interval '30 minutes')`;

const INSERT_LINES = `INSERT INTO order_lines (id, order_id, menu_item_id, name, portion, unit_price, quantity, line_total, position)
  VALUES ($1, $2, $3, $4, $5::"Portion", $6, $7, $8, 0), ($9, $2, $10, $11, $12::"Portion", $13, $14, $15, 1), ($16, $2, $17, $18, $19::"Portion", $20, $21, $22, 2)`;

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;
}

async function run(pool: pg.Pool, userId: string, lines: OrderLine[], seconds: number) {
  if (lines.length !== 3) throw new Error("the plain-pg baseline writes exactly 3 lines per order");
  const priced = lines.map((l) => ({ ...l, unitPrice: l.item.prices[l.portion] }));
  const subtotal = priced.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
  const address = ["Bench Customer", "9876543210", "12 MG Road", "Bengaluru", "Karnataka", "560001"];
  const durations: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const end = performance.now() + seconds * 1000;

  const loop = async () => {
    while (performance.now() < end) {
      const started = performance.now();
      const client = await pool.connect();
      try {
        const orderId = randomUUID();
        await client.query("BEGIN");
        await client.query(INSERT_ORDER, [orderId, userId, subtotal, DELIVERY_FEE, subtotal + DELIVERY_FEE, ...address]);
        await client.query(INSERT_LINES, linesParams(orderId, priced));
        await client.query("COMMIT");
        durations.push(performance.now() - started);
      } catch (error) {
        errors += 1;
        firstError ??= error instanceof Error ? error.message : String(error);
        await client.query("ROLLBACK").catch(() => undefined);
      } finally {
        client.release();
      }
    }
  };
  const began = performance.now();
  await Promise.all(Array.from({ length: config.connections }, loop));
  const elapsed = (performance.now() - began) / 1000;
  durations.sort((a, b) => a - b);
  return { orders: durations.length, errors, firstError, elapsed, p99Ms: percentile(durations, 99) };
}

/** $1 first line's id, $2 the order's id, then each line's id (but the first), item, name, portion, price, quantity, total. */
function linesParams(orderId: string, priced: Array<OrderLine & { unitPrice: number }>): unknown[] {
  const [a, b, c] = priced.map((l) => [randomUUID(), l.item.id, l.item.name, l.portion, l.unitPrice, l.quantity, l.unitPrice * l.quantity]);
  return [a[0], orderId, ...a.slice(1), ...b, ...c];
}

export async function plainPgOrders(
  databaseUrl: string,
  lines: OrderLine[],
  options: { seconds?: number; warmUp?: boolean } = {},
): Promise<PgBaselineResult> {
  const seconds = options.seconds ?? config.seconds;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: config.connections });
  try {
    const { rows } = await pool.query<{ id: string }>("SELECT id FROM users WHERE email = $1", [ADMIN.email]);
    if (!rows[0]) throw new Error(`no user ${ADMIN.email} in the database`);
    if (options.warmUp !== false) await run(pool, rows[0].id, lines, config.warmupSeconds);
    const r = await run(pool, rows[0].id, lines, seconds);
    return {
      label: "plain pg: BEGIN, order + 3 lines, COMMIT",
      seconds,
      ordersPerSecond: r.orders / r.elapsed,
      orders: r.orders,
      errors: r.errors,
      p99Ms: r.p99Ms,
      firstError: r.firstError,
    };
  } finally {
    await pool.end();
  }
}
