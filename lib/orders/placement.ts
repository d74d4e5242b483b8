import "server-only";
import { createHash } from "node:crypto";
import { pool } from "@/lib/db";
import { newId } from "@/lib/db/ids";
import { env } from "@/lib/env";
import { Conflict, Unauthorized } from "@/lib/errors";
import type { SessionClaims } from "@/lib/auth/jwt";
import { SESSION_ROW_JSON, sessionUserFrom, type SessionRow, type SessionUser } from "@/lib/auth/session";
import { orderConfirmationJobSql } from "@/lib/email/queue";
import { priceLines, orderTotals, type MenuRow, type PricedLine, type Totals } from "@/lib/orders/pricing";
import { paymentMethodKey, type OrderInput } from "@/lib/orders/schema";
import type { ApiOrder, PlacedOrder } from "@/lib/orders/types";
import { findOrderFor } from "@/lib/orders/queries";
import { toApiOrderLine } from "@/lib/orders/rows";

// Placing an order: the shop's busiest write, so it is written with `pg` prepared statements
// instead of Prisma's interactive transaction (measured in bench/README.md). Usually ONE round
// trip: the lines are priced from the menu rows this process last read, and one statement checks
// the caller's session and those prices against the tables and, if both hold, writes the
// idempotency key, the order, its lines and the confirmation mail's job (carrying the order, so
// the worker sends without a read). If the guess was wrong (first order of a process, a menu
// change, an ended session), the caller and the menu rows are read (a second round trip) and
// the same statement runs again. A single statement is atomic on its own, so an order is never
// half-written and its mail is queued exactly when it commits.

/** What makes two requests "the same order": the parsed input, so JSON spacing or key order do not matter. */
function requestHash(input: OrderInput): string {
  const canonical = {
    items: input.items.map((i) => [i.menuItemId, i.portion, i.quantity]),
    address: [input.address.name, input.address.phone, input.address.street, input.address.city, input.address.state, input.address.zip],
    paymentMethod: input.paymentMethod,
    total: input.total ?? null,
  };
  return createHash("sha256").update(JSON.stringify(canonical)).digest("hex");
}

const KEY_REUSED = "This Idempotency-Key was already used for a different order. Use a new key for a new order.";
const MENU_CHANGED = "Prices have changed since you added these items. Please review your order.";

// Named statements are parsed and planned once per connection. This read runs only when the
// statement's checks failed: it brings the caller's row with the menu rows.
const CALLER_AND_MENU_ROWS = {
  name: "order-caller-and-menu-rows",
  text: `SELECT
  (SELECT ${SESSION_ROW_JSON} FROM users WHERE id = $1) AS caller,
  COALESCE((SELECT json_agg(json_build_object('id', id, 'name', name, 'priceSmall', price_small,
            'priceMedium', price_medium, 'priceLarge', price_large, 'available', available))
            FROM menu_items WHERE id = ANY($2::text[])), '[]'::json) AS menu`,
};

// `g` checks what the order was priced and signed for: the caller's session still holds (same
// session version, confirmed, and the name, e-mail and role the reply shows) and every line's
// item is available under the same name at the same price now. Nothing is written otherwise.
// The key is written next and the order only if the key was new (or no key was sent), so two
// requests racing with one key cannot both create an order: the second waits on the unique
// index until the first commits, then writes nothing. Foreign keys are checked at the end of
// the statement, when the order the key points to exists.
const WRITE_ORDER = {
  name: "order-write-checked",
  text: `
WITH g AS (
  SELECT EXISTS (SELECT 1 FROM users WHERE id = $2 AND session_version = $26 AND email_confirmed_at IS NOT NULL
                   AND name = $27 AND email = $28 AND role = $29::"Role") AS caller_ok,
         NOT EXISTS (SELECT 1 FROM unnest($18::text[], $19::text[], $20::text[], $21::int[]) AS e(id, name, portion, unit_price)
                     LEFT JOIN menu_items m ON m.id = e.id
                     WHERE m.id IS NULL OR NOT m.available OR m.name <> e.name
                        OR CASE e.portion WHEN 'small' THEN m.price_small WHEN 'medium' THEN m.price_medium
                                          ELSE m.price_large END <> e.unit_price) AS menu_ok
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
  INSERT INTO order_lines (id, order_id, menu_item_id, name, portion, unit_price, quantity, line_total, position)
  SELECT l.id, o.id, l.menu_item_id, l.name, l.portion::"Portion", l.unit_price, l.quantity, l.line_total, l.position
  FROM o, unnest($17::text[], $18::text[], $19::text[], $20::text[], $21::int[], $22::int[], $23::int[], $24::int[])
       AS l(id, menu_item_id, name, portion, unit_price, quantity, line_total, position)
  RETURNING 1
), mail AS (
  SELECT ${orderConfirmationJobSql("o.id", "$25::json")} AS job_id FROM o
)
SELECT g.caller_ok AS "callerOk", g.menu_ok AS "menuOk", (SELECT count(*) FROM o)::int AS placed,
       (SELECT count(*) FROM l)::int AS lines, (SELECT count(*) FROM mail)::int AS mails
FROM g`,
};

const EARLIER = {
  name: "order-idempotency-key",
  text: `SELECT request_hash AS "requestHash", order_id AS "orderId" FROM idempotency_keys WHERE user_id = $1 AND key = $2`,
};

/** The caller, if their session still holds (else 401), and the order priced from the menu as it is now. */
type Priced = { user: SessionUser; sessionVersion: number; lines: PricedLine[]; totals: Totals };

async function callerAndPrices(claims: SessionClaims, input: OrderInput): Promise<Priced> {
  const ids = [...new Set(input.items.map((i) => i.menuItemId))];
  const { rows } = await pool().query<{ caller: SessionRow | null; menu: MenuRow[] }>({
    ...CALLER_AND_MENU_ROWS,
    values: [claims.sub, ids],
  });
  const user = sessionUserFrom(rows[0].caller, claims);
  if (!user) throw new Unauthorized();
  for (const id of ids) knownMenu.delete(id);
  for (const row of rows[0].menu) remember(row);
  const lines = priceLines(input.items, new Map(rows[0].menu.map((m) => [m.id, m])));
  const totals = orderTotals(lines, env().DELIVERY_FEE);
  if (input.total !== undefined && input.total !== totals.total) {
    throw new Conflict(MENU_CHANGED, { prices: lines.map((l) => l.unitPrice), ...totals }, "price_changed");
  }
  return { user, sessionVersion: claims.sv, lines, totals };
}

// The menu rows this process last read, by id: only a guess at an order's prices, which the
// write statement checks against the table (so another instance's menu change costs a retry,
// never a wrong price). Only rows the database returned are kept, so it holds at most the menu.
const knownMenu = new Map<string, MenuRow>();
const KNOWN_MENU_LIMIT = 5_000;

function remember(row: MenuRow): void {
  if (knownMenu.size >= KNOWN_MENU_LIMIT) knownMenu.clear();
  knownMenu.set(row.id, row);
}

/**
 * The caller as the session token says and the order priced from the remembered rows; null when
 * that guess cannot be made or would end in an error (an unknown or sold-out item, a `total`
 * that differs): those are decided on the rows as they are now.
 */
function guessedCallerAndPrices(claims: SessionClaims, input: OrderInput): Priced | null {
  if (!input.items.every((i) => knownMenu.has(i.menuItemId))) return null;
  let lines: PricedLine[];
  try {
    lines = priceLines(input.items, knownMenu);
  } catch {
    return null;
  }
  const totals = orderTotals(lines, env().DELIVERY_FEE);
  if (input.total !== undefined && input.total !== totals.total) return null;
  const user: SessionUser = { id: claims.sub, name: claims.name, email: claims.email, role: claims.role };
  return { user, sessionVersion: claims.sv, lines, totals };
}

/** The order an earlier request with this key created; 409 when that request's body differed. */
async function replayed(user: SessionUser, key: string, hash: string): Promise<ApiOrder | null> {
  const { rows } = await pool().query<{ requestHash: string; orderId: string }>({ ...EARLIER, values: [user.id, key] });
  const earlier = rows[0];
  if (!earlier) return null;
  if (earlier.requestHash !== hash) throw new Conflict(KEY_REUSED, {}, "idempotency_key_reused");
  return findOrderFor(user, earlier.orderId);
}

function pgCode(error: unknown): unknown {
  return (error as { code?: unknown } | null)?.code;
}

type Written = { callerOk: boolean; menuOk: boolean; placed: number };

/** Runs WRITE_ORDER for `priced`; `order` is the reply and the mail's copy. */
async function write(priced: Priced, input: OrderInput, order: ApiOrder, idempotencyKey: string | undefined, hash: string) {
  const { user, lines, totals } = priced;
  const address = input.address;
  try {
    const { rows } = await pool().query<Written>({
      ...WRITE_ORDER,
      values: [
        newId(),
        user.id,
        idempotencyKey ?? null,
        hash,
        order.id,
        paymentMethodKey(input.paymentMethod),
        totals.subtotal,
        totals.deliveryFee,
        totals.total,
        address.name,
        address.phone,
        address.street,
        address.city,
        address.state,
        address.zip,
        // timestamp(3) columns hold UTC wall-clock time, as Prisma writes them.
        order.createdAt.slice(0, -1),
        lines.map(() => newId()),
        lines.map((l) => l.menuItemId),
        lines.map((l) => l.name),
        lines.map((l) => l.portion),
        lines.map((l) => l.unitPrice),
        lines.map((l) => l.quantity),
        lines.map((l) => l.lineTotal),
        lines.map((l) => l.position),
        JSON.stringify(order),
        priced.sessionVersion,
        user.name,
        user.email,
        user.role,
      ],
    });
    return rows[0];
  } catch (error) {
    // An item deleted between pricing and writing: its line would point nowhere.
    if (pgCode(error) === "23503") throw new Conflict(MENU_CHANGED, {}, "menu_changed");
    throw error;
  }
}

/** The reply to a placed order, built before the write: the mail's job carries it too. */
function placedOrder(priced: Priced, input: OrderInput): ApiOrder {
  const { user, lines, totals } = priced;
  const id = newId();
  const at = new Date().toISOString();
  return {
    id,
    _id: id,
    items: lines.map(toApiOrderLine),
    address: { ...input.address },
    paymentMethod: input.paymentMethod,
    ...totals,
    status: "pending",
    createdAt: at,
    updatedAt: at,
    user: { id: user.id, _id: user.id, name: user.name, email: user.email },
  };
}

/**
 * Holds the session `claims` against the database (401 when it has ended), prices every line
 * from the database and writes the order, its lines, its idempotency key and its confirmation
 * mail at once. A retry with the same key and body returns the first order
 * (created:false); a key reused for another body gets 409.
 */
export async function placeOrder(claims: SessionClaims, input: OrderInput, idempotencyKey?: string): Promise<PlacedOrder> {
  const hash = requestHash(input);
  // One round trip when the remembered menu rows and the token's claims still hold ...
  let priced = guessedCallerAndPrices(claims, input);
  let order = priced && placedOrder(priced, input);
  let written = priced && order && (await write(priced, input, order, idempotencyKey, hash));
  if (!priced || !written?.callerOk || !written.menuOk) {
    // ... else read the caller and the menu as they are now (401, 400 or 409 from those) and write again.
    priced = await callerAndPrices(claims, input);
    order = placedOrder(priced, input);
    written = await write(priced, input, order, idempotencyKey, hash);
    // Changed between that read and the write.
    if (!written.callerOk) throw new Unauthorized();
    if (!written.menuOk) throw new Conflict(MENU_CHANGED, {}, "menu_changed");
  }

  if (written.placed !== 1 || !order) {
    // The key was already taken: by an earlier request, or one racing this one that has now committed.
    const earlier = idempotencyKey ? await replayed(priced.user, idempotencyKey, hash) : null;
    if (!earlier) throw new Error("The order was neither written nor found under its Idempotency-Key.");
    return { order: earlier, created: false };
  }
  return { order, created: true };
}
