import "server-only";
import { SESSION_ROW_JSON } from "@/lib/auth/session";
import { orderConfirmationJobSql } from "@/lib/email/queue";

// The statements placement.ts runs, as named (prepared) statements: parsed and planned once per
// connection. Their parameters are numbered; placement.ts passes them in the same order.

// An item's option groups and their choices (pricing.ts's MenuRow.optionGroups), in the menu's
// order (position, then id), for the item \`m\`.
const OPTION_GROUPS_JSON = `COALESCE((SELECT json_agg(json_build_object('id', g.id, 'name', g.name, 'min', g.min_choices,
    'max', g.max_choices, 'choices', COALESCE((SELECT json_agg(json_build_object('id', c.id, 'name', c.name,
      'price', c.price, 'available', c.available, 'default', c.is_default) ORDER BY c.position, c.id)
      FROM menu_option_choices c WHERE c.group_id = g.id), '[]'::json)) ORDER BY g.position, g.id)
  FROM menu_option_groups g WHERE g.menu_item_id = m.id), '[]'::json)`;

// This read runs only when the write's checks failed: it brings the caller's row with the menu
// rows, each with its version and its option groups, read in one snapshot so they agree.
export const CALLER_AND_MENU_ROWS = {
  name: "order-caller-and-menu-rows",
  text: `SELECT
  (SELECT ${SESSION_ROW_JSON} FROM users WHERE id = $1) AS caller,
  COALESCE((SELECT json_agg(json_build_object('id', m.id, 'name', m.name, 'priceSmall', m.price_small,
            'priceMedium', m.price_medium, 'priceLarge', m.price_large, 'available', m.available,
            'version', m.version, 'optionGroups', ${OPTION_GROUPS_JSON}))
            FROM menu_items m WHERE m.id = ANY($2::text[])), '[]'::json) AS menu`,
};

// `g` checks what the order was priced and signed for: the caller's session still holds (same
// session version, confirmed, and the name, e-mail and role the reply shows) and every line's
// item is available at the version it was priced from ($30): menu_items.version counts every
// change to the item, its option groups and its choices (triggers), so a renamed or repriced
// item, portion or choice, or a choice sold out or removed since, all fail it. Nothing is
// written otherwise. Each line's options ($31, JSON text) and note ($32) are written with it.
// The key is written next and the order only if the key was new (or no key was sent), so two
// requests racing with one key cannot both create an order: the second waits on the unique
// index until the first commits, then writes nothing. Foreign keys are checked at the end of
// the statement, when the order the key points to exists.
export const WRITE_ORDER = {
  name: "order-write-checked",
  text: `
WITH g AS (
  SELECT EXISTS (SELECT 1 FROM users WHERE id = $2 AND session_version = $26 AND email_confirmed_at IS NOT NULL
                   AND name = $27 AND email = $28 AND role = $29::"Role") AS caller_ok,
         NOT EXISTS (SELECT 1 FROM unnest($18::text[], $30::int[]) AS e(id, version)
                     LEFT JOIN menu_items m ON m.id = e.id
                     WHERE m.id IS NULL OR NOT m.available OR m.version <> e.version) AS menu_ok
), k AS (
  INSERT INTO idempotency_keys (id, user_id, key, request_hash, order_id)
  SELECT $1, $2, $3::varchar(255), $4, $5 FROM g WHERE g.caller_ok AND g.menu_ok AND $3::varchar(255) IS NOT NULL
  ON CONFLICT (user_id, key) DO NOTHING
  RETURNING order_id
), o AS (
  INSERT INTO orders (id, user_id, payment_method, subtotal, delivery_fee, total,
                      address_name, address_phone, address_street, address_city, address_state, address_zip,
                      created_at, updated_at)
  SELECT $5, $2, $6::"PaymentMethod", $7, $8, $9, $10, $11, $12, $13, $14, $15, $16::timestamp(3), $16::timestamp(3)
  FROM g WHERE g.caller_ok AND g.menu_ok AND ($3::varchar(255) IS NULL OR EXISTS (SELECT 1 FROM k))
  RETURNING id
), l AS (
  INSERT INTO order_lines (id, order_id, menu_item_id, name, portion, unit_price, quantity, line_total, position, options, note)
  SELECT l.id, o.id, l.menu_item_id, l.name, l.portion::"Portion", l.unit_price, l.quantity, l.line_total, l.position,
         l.options::jsonb, l.note
  FROM o, unnest($17::text[], $18::text[], $19::text[], $20::text[], $21::int[], $22::int[], $23::int[], $24::int[],
                 $31::text[], $32::varchar(140)[])
       AS l(id, menu_item_id, name, portion, unit_price, quantity, line_total, position, options, note)
  RETURNING 1
), mail AS (
  SELECT ${orderConfirmationJobSql("o.id", "$25::json")} AS job_id FROM o
)
SELECT g.caller_ok AS "callerOk", g.menu_ok AS "menuOk", (SELECT count(*) FROM o)::int AS placed,
       (SELECT count(*) FROM l)::int AS lines, (SELECT count(*) FROM mail)::int AS mails
FROM g`,
};

export const EARLIER = {
  name: "order-idempotency-key",
  text: `SELECT request_hash AS "requestHash", order_id AS "orderId" FROM idempotency_keys WHERE user_id = $1 AND key = $2`,
};
