// What the database holds after the run, held against what the customers were told: every
// acknowledged order stored whole and right, no order twice, none half-written.
import { Client } from "pg";
import type { Checkout } from "./checkout";

type StoredOrder = {
  id: string;
  userId: string;
  subtotal: number;
  deliveryFee: number;
  total: number;
  lineCount: number;
  lineSum: number;
  items: Array<{ menuItemId: string; portion: string; quantity: number; unitPrice: number }> | null;
  key: string | null;
};

export type Verdict = {
  sent: number;
  acknowledged: number;
  /** Acknowledged orders found in the database, whole and as ordered. */
  stored: number;
  /** Acknowledged orders not in the database. */
  missing: number;
  /** Acknowledged orders stored with other lines or another total than ordered. */
  wrong: number;
  /** Orders beyond one per Idempotency-Key: without a key, under a key never sent, or a key whose order is not the one acknowledged. */
  duplicated: number;
  /** Orders without all their lines, or whose lines do not add up to their totals. */
  partial: number;
  /** Checkouts that were never acknowledged despite retries, or got a 4xx. */
  unacknowledged: number;
  rejected: number;
  /** Orders stored for checkouts that gave up (written, reply lost): allowed, shown for the record. */
  storedUnacknowledged: number;
  ordersInDb: number;
  problems: string[];
};

export async function readOrders(databaseUrl: string, userIds: string[]): Promise<StoredOrder[]> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<StoredOrder>(
      `SELECT o.id, o.user_id AS "userId", o.subtotal, o.delivery_fee AS "deliveryFee", o.total, k.key,
              (SELECT count(*) FROM order_lines l WHERE l.order_id = o.id)::int AS "lineCount",
              (SELECT COALESCE(sum(l.line_total), 0) FROM order_lines l WHERE l.order_id = o.id)::int AS "lineSum",
              (SELECT json_agg(json_build_object('menuItemId', l.menu_item_id, 'portion', l.portion, 'quantity', l.quantity, 'unitPrice', l.unit_price) ORDER BY l.position)
                 FROM order_lines l WHERE l.order_id = o.id) AS items
         FROM orders o LEFT JOIN idempotency_keys k ON k.order_id = o.id
        WHERE o.user_id = ANY($1::text[])`,
      [userIds],
    );
    return rows;
  } finally {
    await client.end();
  }
}

function sameLines(order: StoredOrder, checkout: Checkout): boolean {
  const items = order.items ?? [];
  return (
    items.length === checkout.lines.length &&
    items.every((item, i) => {
      const line = checkout.lines[i];
      return (
        item.menuItemId === line.menuItemId &&
        item.portion === line.portion &&
        item.quantity === line.quantity &&
        item.unitPrice === line.unitPrice
      );
    })
  );
}

export function verify(checkouts: Checkout[], orders: StoredOrder[]): Verdict {
  const problems: string[] = [];
  const byId = new Map(orders.map((o) => [o.id, o]));
  const byKey = new Map(orders.filter((o) => o.key).map((o) => [`${o.userId}/${o.key}`, o]));
  const sentKeys = new Set(checkouts.map((c) => `${c.customerId}/${c.key}`));
  const acked = checkouts.filter((c) => c.orderId);
  let stored = 0;
  let missing = 0;
  let wrong = 0;
  // Orders beyond one per key, each counted once however many signs point at it.
  const extra = new Set<string>();

  for (const c of acked) {
    const order = byId.get(c.orderId!);
    const underKey = byKey.get(`${c.customerId}/${c.key}`);
    if (underKey && underKey.id !== c.orderId) {
      if (order) extra.add(order.id);
      problems.push(`key ${c.key} was acknowledged as order ${c.orderId} but stores order ${underKey.id}`);
    }
    if (!order) {
      missing++;
      problems.push(`acknowledged order ${c.orderId} (key ${c.key}) is not in the database`);
      continue;
    }
    const whole =
      order.userId === c.customerId &&
      sameLines(order, c) &&
      order.total === c.expectedTotal &&
      order.subtotal + order.deliveryFee === order.total &&
      order.lineSum === order.subtotal;
    if (whole) stored++;
    else {
      wrong++;
      problems.push(
        `order ${order.id} differs from what was ordered: ${JSON.stringify({ stored: order, ordered: c.lines, total: c.expectedTotal })}`,
      );
    }
  }

  for (const o of orders) {
    if (!o.key) {
      extra.add(o.id);
      problems.push(`order ${o.id} has no Idempotency-Key although every request sent one`);
    } else if (!sentKeys.has(`${o.userId}/${o.key}`)) {
      extra.add(o.id);
      problems.push(`order ${o.id} is stored under key ${o.key}, which its customer never sent`);
    }
  }

  const partialOrders = orders.filter((o) => o.lineCount !== 3 || o.lineSum !== o.subtotal || o.subtotal + o.deliveryFee !== o.total);
  for (const o of partialOrders)
    problems.push(`order ${o.id} is partial: ${o.lineCount} lines adding to ${o.lineSum}, subtotal ${o.subtotal}, total ${o.total}`);

  const rejected = checkouts.filter((c) => c.rejected);
  for (const c of rejected.slice(0, 5)) problems.push(`key ${c.key} got ${c.rejected!.status}: ${JSON.stringify(c.rejected!.body)}`);
  const gaveUp = checkouts.filter((c) => c.gaveUp);
  const storedUnacknowledged = gaveUp.filter((c) => byKey.has(`${c.customerId}/${c.key}`)).length;

  return {
    sent: checkouts.length,
    acknowledged: acked.length,
    stored,
    missing,
    wrong,
    duplicated: extra.size,
    partial: partialOrders.length,
    unacknowledged: gaveUp.length + rejected.length,
    rejected: rejected.length,
    storedUnacknowledged,
    ordersInDb: orders.length,
    problems,
  };
}
