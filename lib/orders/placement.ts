import "server-only";
import { createHash } from "node:crypto";
import { db } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db/errors";
import type { Transaction } from "@/lib/db/types";
import { env } from "@/lib/env";
import { Conflict } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import type { SessionUser } from "@/lib/auth/session";
import { enqueueMail } from "@/lib/email/queue";
import { orderTotals, priceLines, type MenuRow } from "@/lib/orders/pricing";
import { paymentMethodKey, type OrderInput } from "@/lib/orders/schema";
import type { ApiOrderWithHistory, PlacedOrder } from "@/lib/orders/types";
import { findOrderFor } from "@/lib/orders/queries";
import { addressColumnsOf, toApiOrder } from "@/lib/orders/rows";

// Placing an order: one transaction reads the menu rows it is priced from (locked, so an admin's
// change waits until the order has committed), writes the order, its lines, its idempotency key
// and its confirmation mail's job, or nothing at all.

const KEY_REUSED = "This Idempotency-Key was already used for a different order. Use a new key for a new order.";
const MENU_CHANGED = "Prices have changed since you added these items. Please review your order.";

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

type Key = { key: string; requestHash: string };

/** The order an earlier request with this key created; 409 when that request's body differed. */
async function orderUnderKey(user: SessionUser, { key, requestHash }: Key): Promise<ApiOrderWithHistory | null> {
  const earlier = await db().idempotencyKey.findUnique({ where: { userId_key: { userId: user.id, key } } });
  if (!earlier) return null;
  if (earlier.requestHash !== requestHash) throw new Conflict(KEY_REUSED, {}, "idempotency_key_reused");
  return findOrderFor(user, earlier.orderId);
}

/**
 * The menu rows of `ids` with their option groups and choices, in the menu's order. They are
 * locked first (FOR SHARE): a change to an item, or to its groups and choices (whose triggers
 * touch the item's row), then waits for this transaction, so the order is priced from the menu
 * as it is when the order commits.
 */
async function lockedMenuRows(tx: Transaction, ids: string[]): Promise<Map<string, MenuRow>> {
  await tx.$queryRaw`SELECT id FROM menu_items WHERE id IN (${Prisma.join(ids)}) ORDER BY id FOR SHARE`;
  const rows = await tx.menuItem.findMany({
    where: { id: { in: ids } },
    select: {
      id: true,
      name: true,
      priceSmall: true,
      priceMedium: true,
      priceLarge: true,
      available: true,
      optionGroups: {
        select: {
          id: true,
          name: true,
          min: true,
          max: true,
          choices: {
            select: { id: true, name: true, price: true, available: true, isDefault: true },
            orderBy: [{ position: "asc" }, { id: "asc" }],
          },
        },
        orderBy: [{ position: "asc" }, { id: "asc" }],
      },
    },
  });
  return new Map(
    rows.map((row) => [
      row.id,
      {
        ...row,
        optionGroups: row.optionGroups.map((group) => ({
          ...group,
          choices: group.choices.map(({ isDefault, ...choice }) => ({ ...choice, default: isDefault })),
        })),
      },
    ]),
  );
}

async function writeOrder(user: SessionUser, input: OrderInput, key: Key | undefined): Promise<ApiOrderWithHistory> {
  return db().$transaction(async (tx) => {
    const menu = await lockedMenuRows(tx, [...new Set(input.items.map((i) => i.menuItemId))]);
    const lines = priceLines(input.items, menu);
    const totals = orderTotals(lines, env().DELIVERY_FEE);
    if (input.total !== undefined && input.total !== totals.total) {
      throw new Conflict(MENU_CHANGED, { prices: lines.map((l) => l.unitPrice), ...totals }, "price_changed");
    }
    const row = await tx.order.create({
      data: { userId: user.id, paymentMethod: paymentMethodKey(input.paymentMethod), ...totals, ...addressColumnsOf(input.address) },
    });
    const written = await tx.orderLine.createManyAndReturn({ data: lines.map((line) => ({ ...line, orderId: row.id })) });
    // A second request with this key waits here until the first commits, then fails as a duplicate.
    if (key) await tx.idempotencyKey.create({ data: { userId: user.id, orderId: row.id, ...key } });
    // The order as orderInclude reads it back: its lines in order, its customer, no history yet.
    const customer = { id: user.id, name: user.name, email: user.email };
    const order = toApiOrder({ ...row, lines: written.sort((a, b) => a.position - b.position), user: customer, statusChanges: [] });
    // The job carries the order as replied, so the worker sends it without reading it back.
    await enqueueMail(tx, { mail: "order-confirmation", orderId: order.id, order });
    return order;
  });
}

/**
 * Prices every line from the database and writes the order for `user` (product.md §3, §4, §8).
 * A retry with the same key and body returns the first order (created: false), also when the
 * two requests raced; a key reused for another body gets 409.
 */
export async function placeOrder(user: SessionUser, input: OrderInput, idempotencyKey?: string): Promise<PlacedOrder> {
  const key = idempotencyKey === undefined ? undefined : { key: idempotencyKey, requestHash: requestHash(input) };
  const earlier = key && (await orderUnderKey(user, key));
  if (earlier) return { order: earlier, created: false };
  try {
    return { order: await writeOrder(user, input, key), created: true };
  } catch (error) {
    const raced = key && isUniqueViolation(error) ? await orderUnderKey(user, key) : null;
    if (raced) return { order: raced, created: false };
    throw error;
  }
}
