// A kitchen's year in plain SQL (issue 37): customers, orders with three lines each spread over
// the last days, their history and a few refunds, written straight into PostgreSQL with
// generate_series, so a million orders take a minute or two rather than hours through the API.
//
// What the rows look like, and why:
// - created_at runs evenly from `days` ago to a minute ago, newest last; the newest `active`
//   orders are still in the kitchen (pending, confirmed, preparing, out for delivery), every
//   older one is delivered, except one in 20 cancelled;
// - a third pay online (gateway set, paid at placing), the rest cash on delivery;
// - every finished order has its last step in the history (delivered or cancelled, 25 minutes
//   after placing for a delivery): the dashboard's delivery figures read that step;
// - one in 500 orders was refunded (processed), and a handful of refunds failed (to retry).
// Triggers are off while writing (the embedded server's user is a superuser): nobody listens
// yet, and a million notices would only be noise; the foreign keys hold by construction.
import pg from "pg";

export type ScaleShape = { orders: number; days: number; customers: number; active: number };

export const MILLION: ScaleShape = { orders: 1_000_000, days: 60, customers: 2_000, active: 6_000 };

const ACTIVE_STATUSES = ["pending", "confirmed", "preparing", "out_for_delivery"];

export async function fillOrders(databaseUrl: string, shape: ScaleShape = MILLION): Promise<{ seconds: number }> {
  const began = performance.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("SET maintenance_work_mem = '256MB'");
    await client.query("BEGIN");
    await client.query("SET LOCAL session_replication_role = replica");
    const items = await client.query<{ id: string; name: string; price_small: number }>(
      `SELECT id, name, price_small FROM menu_items ORDER BY id`,
    );
    if (items.rows.length === 0) throw new Error("no menu items to sell: seed the menu first");
    // Indexes are built once over the written rows rather than grown row by row (keys stay).
    const { rows: indexes } = await client.query<{ name: string; definition: string }>(
      `SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
       WHERE i.schemaname = current_schema() AND i.tablename IN ('orders', 'order_lines', 'order_status_changes')
         AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    );
    for (const index of indexes) await client.query(`DROP INDEX "${index.name}"`);

    await client.query(
      `INSERT INTO users (id, name, email, password_hash, role, email_confirmed_at, created_at, updated_at)
       SELECT 'cscaleuser' || lpad(g::text, 8, '0'), 'Customer ' || g, 'customer' || g || '@scale.example', NULL, 'user',
              now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC'
       FROM generate_series(1, $1::int) g`,
      [shape.customers],
    );

    // g = 1 is the oldest order; the span ends a minute before now.
    await client.query(
      `INSERT INTO orders (id, user_id, status, payment_method, subtotal, delivery_fee, total, address_name, address_phone,
                           address_street, address_city, address_state, address_zip, created_at, updated_at,
                           slot_start, slot_end, promised_by, payment_status, gateway, gateway_order_id, gateway_payment_id, paid_at)
       SELECT 'cscaleorder' || lpad(g::text, 10, '0'),
              'cscaleuser' || lpad((1 + g % $2)::text, 8, '0'),
              (CASE WHEN g > $1 - $4 THEN ($5::text[])[1 + g % 4]
                    WHEN g % 20 = 0 THEN 'cancelled' ELSE 'delivered' END)::"OrderStatus",
              (CASE WHEN g % 3 = 0 THEN 'upi' ELSE 'cash_on_delivery' END)::"PaymentMethod",
              600, 40, 640,
              'Customer ' || (1 + g % $2), '98765' || lpad((g % 100000)::text, 5, '0'), (g % 200) || ' MG Road', 'Bengaluru', 'Karnataka', '560001',
              t.at, t.at + interval '25 minutes', t.at, t.at + interval '30 minutes', t.at + interval '30 minutes',
              (CASE WHEN g % 3 = 0 THEN 'paid' WHEN g > $1 - $4 THEN 'due_on_delivery' WHEN g % 20 = 0 THEN 'due_on_delivery' ELSE 'paid' END)::"PaymentStatus",
              CASE WHEN g % 3 = 0 THEN 'razorpay' END,
              CASE WHEN g % 3 = 0 THEN 'order_scale' || g END,
              CASE WHEN g % 3 = 0 THEN 'pay_scale' || g END,
              CASE WHEN g % 3 = 0 THEN t.at END
       FROM generate_series(1, $1::int) g
       CROSS JOIN LATERAL (SELECT (now() AT TIME ZONE 'UTC') - interval '1 minute' - make_interval(secs => ($1 - g) * ($3 * 86400.0 / $1)) AS at) t`,
      [shape.orders, shape.customers, shape.days, shape.active, ACTIVE_STATUSES],
    );

    await client.query(
      `INSERT INTO order_lines (id, order_id, menu_item_id, name, portion, unit_price, quantity, line_total, position, options)
       SELECT 'cscaleline' || lpad(g::text, 10, '0') || n, 'cscaleorder' || lpad(g::text, 10, '0'),
              (($1::text[])[1 + (g * 7 + n * 3) % $3]), (($2::text[])[1 + (g * 7 + n * 3) % $3]),
              'small', 200, 1, 200, n - 1, '[]'::jsonb
       FROM generate_series(1, $4::int) g, generate_series(1, 3) n`,
      [items.rows.map((i) => i.id), items.rows.map((i) => i.name), items.rows.length, shape.orders],
    );

    await client.query(
      `INSERT INTO order_status_changes (id, order_id, status, actor, created_at)
       SELECT 'cscalestep' || substr(o.id, 12), o.id, o.status, 'admin',
              o.created_at + CASE WHEN o.status = 'delivered' THEN interval '25 minutes' ELSE interval '3 minutes' END
       FROM orders o WHERE o.id LIKE 'cscaleorder%' AND o.status IN ('delivered', 'cancelled')`,
    );

    await client.query(
      `INSERT INTO refunds (id, order_id, method, gateway_payment_id, gateway_refund_id, amount, reason, status, created_at, updated_at, processed_at, last_error)
       SELECT 'cscalerefund' || substr(o.id, 12), o.id, 'gateway', o.gateway_payment_id,
              CASE WHEN right(o.id, 4) = '1501' THEN NULL ELSE 'rfnd_scale' || substr(o.id, 12) END,
              o.total, 'Bowl was spilt',
              (CASE WHEN right(o.id, 4) = '1501' THEN 'failed' ELSE 'processed' END)::"RefundStatus",
              o.created_at + interval '1 hour', o.created_at + interval '1 hour',
              CASE WHEN right(o.id, 4) = '1501' THEN NULL ELSE o.created_at + interval '1 hour' END,
              CASE WHEN right(o.id, 4) = '1501' THEN 'The gateway said no' END
       FROM orders o WHERE o.id LIKE 'cscaleorder%' AND o.gateway IS NOT NULL AND o.status = 'delivered' AND right(o.id, 3) = '501'`,
    );
    await client.query(
      `UPDATE orders o SET payment_status = 'refunded', refunded_amount = r.amount, refunded_at = r.processed_at
       FROM refunds r WHERE r.order_id = o.id AND r.status = 'processed' AND r.id LIKE 'cscalerefund%'`,
    );
    for (const index of indexes) await client.query(index.definition);
    await client.query("COMMIT");
    await client.query("VACUUM ANALYZE");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
  return { seconds: (performance.now() - began) / 1000 };
}
