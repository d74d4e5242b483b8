import "server-only";
import { pool } from "@/lib/db";
import { namedStatement } from "@/lib/db/named-sql";
import { assertAdmin } from "@/lib/auth/authorize";
import type { SessionUser } from "@/lib/auth/session";
import { orderNumber, type OrderStatus } from "@/lib/orders/status";
import { storedOptions } from "@/lib/orders/rows";
import type { PortionKey } from "@/lib/portions";
import type { OrderRider } from "@/lib/orders/types";
import { sqlTimestamp } from "@/lib/db/timestamp";
import { readStore } from "@/lib/store/settings";
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
// for, and the scheduled orders not due yet (`Later`, §9), soonest first. One statement, so
// lists, counts and tickets are one snapshot. Each status's oldest come from the (status,
// created_at, id) index, a few entries each, and so do the counts, less the waiting orders
// found through the slot_start index (a range of slots ahead); the orders' rows and lines are
// read only for the tickets sent. Admins only.

const READ = namedStatement(
  "kitchen-read",
  `WITH waiting AS (
  SELECT id, status, slot_start, created_at FROM orders
  WHERE slot_start > :laterFrom::timestamp(3) AND scheduled AND status = ANY(:statuses::"OrderStatus"[])
), by_status AS (
  SELECT s.key, o.id, o.created_at
  FROM unnest(:statuses::"OrderStatus"[], :statusColumns::text[]) AS s(status, key)
  CROSS JOIN LATERAL (
    SELECT o.id, o.created_at FROM orders o
    WHERE o.status = s.status AND o.id NOT IN (SELECT id FROM waiting)
    ORDER BY o.created_at, o.id LIMIT :perColumn
  ) o
), oldest AS (
  SELECT key, id, created_at FROM (
    SELECT key, id, created_at, row_number() OVER (PARTITION BY key ORDER BY created_at, id) AS n FROM by_status
  ) r WHERE n <= :perColumn
), wanted AS (
  SELECT id FROM oldest WHERE :board
  UNION
  SELECT id FROM orders WHERE id = ANY(:ids::text[]) AND status = ANY(:statuses::"OrderStatus"[]) AND id NOT IN (SELECT id FROM waiting)
), later AS (
  SELECT id, slot_start, created_at FROM waiting ORDER BY slot_start, created_at, id LIMIT :perColumn
), ticket AS (
  SELECT o.id, o.status, o.address_name AS customer, floor(extract(epoch FROM o.created_at) * 1000)::float8 AS placed_at,
    floor(extract(epoch FROM o.promised_by) * 1000)::float8 AS promised_by, o.scheduled,
    floor(extract(epoch FROM o.slot_start) * 1000)::float8 AS slot_start, floor(extract(epoch FROM o.slot_end) * 1000)::float8 AS slot_end,
    (SELECT json_build_object('id', u.id, 'name', u.name, 'phone', u.phone) FROM users u WHERE u.id = o.rider_id) AS rider,
    (SELECT coalesce(json_agg(json_build_object('quantity', l.quantity, 'name', l.name, 'portion', l.portion,
        'options', l.options, 'note', l.note) ORDER BY l.position, l.id), '[]'::json)
     FROM order_lines l WHERE l.order_id = o.id) AS lines
  FROM orders o WHERE o.id IN (SELECT id FROM wanted UNION ALL SELECT id FROM later)
)
SELECT
  (SELECT coalesce(json_agg(json_build_array(key, id) ORDER BY key, created_at, id), '[]'::json) FROM oldest) AS oldest,
  (SELECT coalesce(json_object_agg(status, n), '{}'::json) FROM (
     SELECT status, count(*)::int AS n FROM orders WHERE status = ANY(:statuses::"OrderStatus"[]) GROUP BY status
   ) c) AS counts,
  (SELECT coalesce(json_object_agg(status, n), '{}'::json) FROM (SELECT status, count(*)::int AS n FROM waiting GROUP BY status) w) AS waiting,
  (SELECT coalesce(json_agg(t), '[]'::json) FROM ticket t WHERE t.id IN (SELECT id FROM wanted)) AS tickets,
  (SELECT coalesce(json_agg(t ORDER BY l.slot_start, l.created_at, l.id), '[]'::json) FROM later l JOIN ticket t USING (id)) AS later`,
);

type TicketRow = {
  id: string;
  status: OrderStatus;
  customer: string;
  placed_at: number;
  promised_by: number;
  scheduled: boolean;
  slot_start: number;
  slot_end: number;
  lines: Array<{ quantity: number; name: string; portion: PortionKey; options: unknown; note: string | null }>;
  rider: OrderRider | null;
};

type StatusCounts = Partial<Record<OrderStatus, number>>;

type Row = { oldest: Array<[string, string]>; counts: StatusCounts; waiting: StatusCounts; tickets: TicketRow[]; later: TicketRow[] };

/**
 * A read of the display, with the tickets of the whole board in full or only those of `wanted`.
 * Scheduled orders whose slot starts more than the preparation time from now wait in `later`,
 * outside the columns and their counts.
 */
export async function kitchenRead(viewer: SessionUser, wanted: TicketsWanted): Promise<KitchenRead> {
  assertAdmin(viewer);
  const now = new Date();
  const readAt = now.getTime();
  const { prepMinutes } = (await readStore(now)).settings;
  const { rows } = await pool().query<Row>(
    READ({
      laterFrom: sqlTimestamp(new Date(readAt + prepMinutes * 60_000)),
      statuses: KITCHEN_COLUMNS.flatMap((c) => c.statuses),
      statusColumns: KITCHEN_COLUMNS.flatMap((c) => c.statuses.map(() => c.key)),
      perColumn: COLUMN_TICKETS,
      board: wanted === "board",
      ids: wanted === "board" ? [] : wanted,
    }),
  );
  const { oldest, counts, waiting, tickets, later } = rows[0];
  const inColumns = (s: OrderStatus) => (counts[s] ?? 0) - (waiting[s] ?? 0);
  return {
    columns: Object.fromEntries(
      COLUMN_KEYS.map((k) => [k, oldest.filter(([key]) => key === k).map(([, id]) => id)]),
    ) as KitchenRead["columns"],
    counts: Object.fromEntries(KITCHEN_COLUMNS.map((c) => [c.key, c.statuses.reduce((sum, s) => sum + inColumns(s), 0)])) as ColumnCounts,
    tickets: tickets.flatMap(ticketOf),
    later: { tickets: later.flatMap(ticketOf), count: Object.values(waiting).reduce((sum, n) => sum + n, 0) },
    prepMinutes,
    readAt,
  };
}

const iso = (ms: number) => new Date(ms).toISOString();

function ticketOf(row: TicketRow): KitchenTicket[] {
  return isActiveStatus(row.status) ? [toTicket(row, row.status)] : [];
}

function toTicket(row: TicketRow, status: ActiveStatus): KitchenTicket {
  return {
    id: row.id,
    code: orderNumber(row.id),
    customer: row.customer.trim() || "N/A",
    status,
    placedAt: iso(row.placed_at),
    promisedBy: iso(row.promised_by),
    scheduled: row.scheduled,
    deliverySlot: { start: iso(row.slot_start), end: iso(row.slot_end) },
    lines: row.lines.map((line) => ({ ...line, options: storedOptions(line.options) })),
    rider: row.rider,
  };
}
