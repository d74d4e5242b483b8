import "server-only";
import { createHash } from "node:crypto";
import { pool } from "@/lib/db";
import { newId } from "@/lib/db/ids";
import { env } from "@/lib/env";
import { Conflict, Unauthorized } from "@/lib/errors";
import type { SessionClaims } from "@/lib/auth/jwt";
import { sessionUserFrom, type SessionRow, type SessionUser } from "@/lib/auth/session";
import { priceLines, orderTotals, type MenuRow, type PricedLine, type Totals } from "@/lib/orders/pricing";
import { paymentMethodKey, type OrderInput } from "@/lib/orders/schema";
import type { ApiOrderWithHistory, PlacedOrder } from "@/lib/orders/types";
import { findOrderWithHistoryFor } from "@/lib/orders/queries";
import { orderHistory } from "@/lib/orders/history";
import { toApiOrderLine } from "@/lib/orders/rows";
import { knownMenuRows, rememberMenuRows } from "@/lib/orders/known-menu";
import { CALLER_AND_MENU_ROWS, EARLIER, WRITE_ORDER } from "@/lib/orders/placement-sql";

// Placing an order: the shop's busiest write, so it is written with `pg` prepared statements
// instead of Prisma's interactive transaction (measured in bench/README.md). Usually ONE round
// trip: the lines are priced from the menu rows this process last read, and one statement checks
// the caller's session and those prices against the tables and, if both hold, writes the
// idempotency key, the order, its lines and the confirmation mail's job (carrying the order, so
// the worker sends without a read). If the guess was wrong (first order of a process, a menu
// change, an ended session), the caller and the menu rows are read (a second round trip) and
// the same statement runs again. A single statement is atomic on its own, so an order is never
// half-written and its mail is queued exactly when it commits.

/**
 * What makes two requests "the same order": the parsed input, so JSON spacing, key order or the
 * order of a line's choice ids do not matter. A line without options or note hashes as before
 * they existed, so a retry across the upgrade still finds its order.
 */
function requestHash(input: OrderInput): string {
  const canonical = {
    items: input.items.map((i) =>
      i.options === undefined && i.note === undefined
        ? [i.menuItemId, i.portion, i.quantity]
        : [i.menuItemId, i.portion, i.quantity, i.options ? [...i.options].sort() : null, i.note ?? null],
    ),
    address: [input.address.name, input.address.phone, input.address.street, input.address.city, input.address.state, input.address.zip],
    paymentMethod: input.paymentMethod,
    total: input.total ?? null,
  };
  return createHash("sha256").update(JSON.stringify(canonical)).digest("hex");
}

const KEY_REUSED = "This Idempotency-Key was already used for a different order. Use a new key for a new order.";
const MENU_CHANGED = "Prices have changed since you added these items. Please review your order.";

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
  rememberMenuRows(ids, rows[0].menu);
  const lines = priceLines(input.items, new Map(rows[0].menu.map((m) => [m.id, m])));
  const totals = orderTotals(lines, env().DELIVERY_FEE);
  if (input.total !== undefined && input.total !== totals.total) {
    throw new Conflict(MENU_CHANGED, { prices: lines.map((l) => l.unitPrice), ...totals }, "price_changed");
  }
  return { user, sessionVersion: claims.sv, lines, totals };
}

/**
 * The caller as the session token says and the order priced from the remembered rows; null when
 * that guess cannot be made or would end in an error (an unknown or sold-out item, a `total`
 * that differs): those are decided on the rows as they are now.
 */
function guessedCallerAndPrices(claims: SessionClaims, input: OrderInput): Priced | null {
  if (!input.items.every((i) => knownMenuRows.has(i.menuItemId))) return null;
  let lines: PricedLine[];
  try {
    lines = priceLines(input.items, knownMenuRows);
  } catch {
    return null;
  }
  const totals = orderTotals(lines, env().DELIVERY_FEE);
  if (input.total !== undefined && input.total !== totals.total) return null;
  const user: SessionUser = { id: claims.sub, name: claims.name, email: claims.email, role: claims.role };
  return { user, sessionVersion: claims.sv, lines, totals };
}

/** The order an earlier request with this key created; 409 when that request's body differed. */
async function replayed(user: SessionUser, key: string, hash: string): Promise<ApiOrderWithHistory | null> {
  const { rows } = await pool().query<{ requestHash: string; orderId: string }>({ ...EARLIER, values: [user.id, key] });
  const earlier = rows[0];
  if (!earlier) return null;
  if (earlier.requestHash !== hash) throw new Conflict(KEY_REUSED, {}, "idempotency_key_reused");
  return findOrderWithHistoryFor(user, earlier.orderId);
}

function pgCode(error: unknown): unknown {
  return (error as { code?: unknown } | null)?.code;
}

type Written = { callerOk: boolean; menuOk: boolean; placed: number };

/** Runs WRITE_ORDER for `priced`; `order` is the reply and the mail's copy. */
async function write(priced: Priced, input: OrderInput, order: ApiOrderWithHistory, idempotencyKey: string | undefined, hash: string) {
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
        lines.map((l) => l.menuVersion),
        lines.map((l) => JSON.stringify(l.options)),
        lines.map((l) => l.note),
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
function placedOrder(priced: Priced, input: OrderInput): ApiOrderWithHistory {
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
    history: orderHistory(new Date(at), []),
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
