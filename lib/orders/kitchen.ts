import "server-only";
import { pool } from "@/lib/db";
import { namedStatement } from "@/lib/db/named-sql";
import { assertAdmin } from "@/lib/auth/authorize";
import type { SessionUser } from "@/lib/auth/session";
import { orderNumber, type OrderStatus } from "@/lib/orders/status";
import { storedOptions } from "@/lib/orders/rows";
import type { PortionKey } from "@/lib/portions";
import {
  COLUMN_KEYS,
  COLUMN_TICKETS,
  isActiveStatus,
  KITCHEN_COLUMNS,
  type ActiveStatus,
  type ColumnCounts,
  type KitchenRead,
  type KitchenTicket,
  type TicketsWanted,
} from "@/lib/orders/kitchen-rules";

// The kitchen display's read (product.md §7), bounded whatever the queue: per column the ids of
// its oldest tickets, a count per status, and in full (lines and all) only the tickets asked
// for. One statement, so lists, counts and tickets are one snapshot. Each status's oldest come
// from the (status, created_at, id) index alone, a few entries each, and so do the counts; the
// orders' rows and lines are read only for the tickets sent. Admins only.

const READ = namedStatement(
  "kitchen-read",
  `WITH by_status AS (
  SELECT s.key, o.id, o.created_at
  FROM unnest(:statuses::"OrderStatus"[], :statusColumns::text[]) AS s(status, key)
  CROSS JOIN LATERAL (
    SELECT o.id, o.created_at FROM orders o WHERE o.status = s.status ORDER BY o.created_at, o.id LIMIT :perColumn
  ) o
), oldest AS (
  SELECT key, id, created_at FROM (
    SELECT key, id, created_at, row_number() OVER (PARTITION BY key ORDER BY created_at, id) AS n FROM by_status
  ) r WHERE n <= :perColumn
), wanted AS (
  SELECT id FROM oldest WHERE :board
  UNION
  SELECT id FROM orders WHERE id = ANY(:ids::text[]) AND status = ANY(:statuses::"OrderStatus"[])
)
SELECT
  (SELECT coalesce(json_agg(json_build_array(key, id) ORDER BY key, created_at, id), '[]'::json) FROM oldest) AS oldest,
  (SELECT coalesce(json_object_agg(status, n), '{}'::json) FROM (
     SELECT status, count(*)::int AS n FROM orders WHERE status = ANY(:statuses::"OrderStatus"[]) GROUP BY status
   ) c) AS counts,
  (SELECT coalesce(json_agg(t), '[]'::json) FROM (
     SELECT o.id, o.status, o.address_name AS customer, floor(extract(epoch FROM o.created_at) * 1000)::float8 AS placed_at,
       (SELECT coalesce(json_agg(json_build_object('quantity', l.quantity, 'name', l.name, 'portion', l.portion,
           'options', l.options, 'note', l.note) ORDER BY l.position, l.id), '[]'::json)
        FROM order_lines l WHERE l.order_id = o.id) AS lines
     FROM orders o WHERE o.id IN (SELECT id FROM wanted)
   ) t) AS tickets`,
);

type TicketRow = {
  id: string;
  status: OrderStatus;
  customer: string;
  placed_at: number;
  lines: Array<{ quantity: number; name: string; portion: PortionKey; options: unknown; note: string | null }>;
};

type Row = { oldest: Array<[string, string]>; counts: Partial<Record<OrderStatus, number>>; tickets: TicketRow[] };

/** A read of the display, with the tickets of the whole board in full or only those of `wanted`. */
export async function kitchenRead(viewer: SessionUser, wanted: TicketsWanted): Promise<KitchenRead> {
  assertAdmin(viewer);
  const readAt = Date.now();
  const { rows } = await pool().query<Row>(
    READ({
      statuses: KITCHEN_COLUMNS.flatMap((c) => c.statuses),
      statusColumns: KITCHEN_COLUMNS.flatMap((c) => c.statuses.map(() => c.key)),
      perColumn: COLUMN_TICKETS,
      board: wanted === "board",
      ids: wanted === "board" ? [] : wanted,
    }),
  );
  const { oldest, counts, tickets } = rows[0];
  return {
    columns: Object.fromEntries(
      COLUMN_KEYS.map((k) => [k, oldest.filter(([key]) => key === k).map(([, id]) => id)]),
    ) as KitchenRead["columns"],
    counts: Object.fromEntries(
      KITCHEN_COLUMNS.map((c) => [c.key, c.statuses.reduce((sum, s) => sum + (counts[s] ?? 0), 0)]),
    ) as ColumnCounts,
    tickets: tickets.flatMap((t) => (isActiveStatus(t.status) ? [toTicket(t, t.status)] : [])),
    readAt,
  };
}

function toTicket(row: TicketRow, status: ActiveStatus): KitchenTicket {
  return {
    id: row.id,
    code: orderNumber(row.id),
    customer: row.customer.trim() || "N/A",
    status,
    placedAt: new Date(row.placed_at).toISOString(),
    lines: row.lines.map((line) => ({ ...line, options: storedOptions(line.options) })),
  };
}
