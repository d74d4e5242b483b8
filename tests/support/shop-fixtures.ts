import { randomBytes } from "node:crypto";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { newToken, CONFIRM_TOKEN_TTL_MS, RESET_TOKEN_TTL_MS } from "@/lib/auth/tokens";
import { storedOrder } from "@/tests/support/stored-order";
import { deleteOrders } from "@/tests/support/delete-orders";
import { moveOrders } from "@/lib/flows/move-orders";

// Rows a test needs to exist (its own category and items, an order, a one-time token), made
// straight in the database, and removed again with `cleanUp`: files share one database, and
// leftover orders or admins would skew other files' figures.

export type ShopFixtures = {
  tag: string;
  category: { id: string; slug: string };
  /** Item id; made by `item()`. */
  item: () => Promise<string>;
  /** A pending order of `userId` with one line of `itemId`. */
  order: (userId: string, itemId: string) => Promise<string>;
  /** A delivered order of `userId`, paid in cash at the door, with one line of `itemId`. */
  deliveredOrder: (userId: string, itemId: string) => Promise<string>;
  /** A cash order of `userId` delivered through moveOrders, so it has its bill (product.md §11). */
  invoicedOrder: (userId: string, itemId: string) => Promise<string>;
  /** A user that has not confirmed their address yet, with a password hash that is never checked. */
  unconfirmedUser: () => Promise<{ id: string; email: string }>;
  /** A customer named `name` who has confirmed their address (no password); their id. */
  confirmedUser: (name: string) => Promise<string>;
  /** A live one-time token for `userId`; the raw token, as the mail's link carries it. */
  token: (userId: string, kind: "confirm_email" | "reset_password") => Promise<string>;
  /** Remembers a user made elsewhere (e.g. by the API) so cleanUp removes it and its orders. */
  adopt: (userId: string) => void;
  cleanUp: () => Promise<void>;
};

export async function shopFixtures(prefix: string): Promise<ShopFixtures> {
  const tag = `${prefix}-${randomBytes(3).toString("hex")}`;
  const category = await db().category.create({ data: { slug: tag, name: `Test ${tag}`, position: 99 }, select: { id: true, slug: true } });
  const users = new Set<string>();
  let n = 0;
  /** A cash order of `userId` with one small `itemId` at ₹149, as `over` says otherwise; its id. */
  const stored = async (userId: string, itemId: string, over: Partial<Prisma.OrderUncheckedCreateInput> = {}) => {
    users.add(userId);
    const line = { menuItemId: itemId, name: "Test bowl", portion: "small" as const, unitPrice: 149, quantity: 1 };
    const row = await db().order.create({ data: { ...storedOrder(userId, line), paymentMethod: "cash_on_delivery", ...over } });
    return row.id;
  };
  return {
    tag,
    category,
    item: async () => {
      n += 1;
      const row = await db().menuItem.create({
        data: {
          slug: `${tag}-item-${n}`,
          name: `Test bowl ${n}`,
          categoryId: category.id,
          priceSmall: 149,
          priceMedium: 199,
          priceLarge: 249,
          position: 99,
        },
      });
      return row.id;
    },
    order: (userId, itemId) => stored(userId, itemId),
    deliveredOrder: (userId, itemId) => stored(userId, itemId, { status: "delivered", paymentStatus: "paid", paidAt: new Date() }),
    invoicedOrder: async (userId, itemId) => {
      const id = await stored(userId, itemId, { status: "out_for_delivery" });
      await db().$transaction((tx) => moveOrders(tx, { id, status: "out_for_delivery" }, "delivered", "admin"));
      return id;
    },
    unconfirmedUser: async () => {
      const email = `new.${randomBytes(6).toString("hex")}@example.com`;
      const row = await db().user.create({ data: { name: "Ravi Kumar", email } });
      users.add(row.id);
      return { id: row.id, email };
    },
    confirmedUser: async (name) => {
      const email = `confirmed.${randomBytes(6).toString("hex")}@example.com`;
      const row = await db().user.create({ data: { name, email, emailConfirmedAt: new Date() } });
      users.add(row.id);
      return row.id;
    },
    token: async (userId, kind) => {
      const { token, tokenHash } = newToken();
      const ttl = kind === "confirm_email" ? CONFIRM_TOKEN_TTL_MS : RESET_TOKEN_TTL_MS;
      await db().oneTimeToken.create({ data: { userId, kind, tokenHash, expiresAt: new Date(Date.now() + ttl) } });
      return token;
    },
    adopt: (userId) => void users.add(userId),
    cleanUp: async () => {
      const ids = [...users];
      const orders = { OR: [{ userId: { in: ids } }, { lines: { some: { menuItem: { categoryId: category.id } } } }] };
      await deleteOrders(orders);
      // Cash handed in is kept against its rider and whoever recorded it (product.md §12).
      await db().riderSettlement.deleteMany({ where: { OR: [{ riderId: { in: ids } }, { createdById: { in: ids } }] } });
      await db().user.deleteMany({ where: { id: { in: ids } } });
      await db().menuItem.deleteMany({ where: { categoryId: category.id } });
      await db().category.delete({ where: { id: category.id } });
    },
  };
}
