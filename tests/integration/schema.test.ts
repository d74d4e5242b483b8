import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { storedOrder } from "@/tests/support/stored-order";

// The migrations are hand-written SQL (Prisma's engine cannot run offline), so this proves
// that schema.prisma and the migrated database agree: every model is written and read back
// through Prisma Client on a database built only from prisma/migrations.

describe("schema.prisma matches the migrated database", () => {
  it("writes and reads every model and relation", async () => {
    const prisma = db();
    const user = await prisma.user.create({
      data: {
        name: "Schema Check",
        email: `schema-${Date.now()}@example.com`,
        passwordHash: "x",
        role: "admin",
        emailConfirmedAt: new Date(),
      },
    });
    const token = await prisma.oneTimeToken.create({
      data: { userId: user.id, kind: "reset_password", tokenHash: `hash-${Date.now()}`, expiresAt: new Date(Date.now() + 60_000) },
    });
    const category = await prisma.category.create({ data: { slug: `cat-${Date.now()}`, name: `Category ${Date.now()}`, position: 9 } });
    const item = await prisma.menuItem.create({
      data: {
        slug: `item-${Date.now()}`,
        name: "Check Bowl",
        categoryId: category.id,
        priceSmall: 119,
        priceMedium: 159,
        priceLarge: 199,
        available: false,
      },
    });
    const order = await prisma.order.create({
      data: {
        ...storedOrder(user.id, { menuItemId: item.id, name: item.name, portion: "large", unitPrice: 159, quantity: 2 }, "Zoë"),
        status: "out_for_delivery",
        idempotencyKey: { create: { userId: user.id, key: "k-1", requestHash: "h" } },
      },
      include: { lines: true, idempotencyKey: true, user: true },
    });
    await prisma.rateLimitBucket.create({ data: { key: `schema:${Date.now()}`, points: 3, expire: BigInt(Date.now()) } });

    const back = await prisma.user.findUniqueOrThrow({
      where: { id: user.id },
      include: {
        tokens: true,
        orders: { include: { lines: { include: { menuItem: { include: { category: true } } } } } },
        idempotencyKeys: true,
      },
    });
    expect(back.tokens.map((t) => t.id)).toEqual([token.id]);
    expect(back.orders[0].lines[0]).toMatchObject({ portion: "large", unitPrice: 159, quantity: 2, lineTotal: 318 });
    expect(back.orders[0].lines[0].menuItem?.category.slug).toBe(category.slug);
    expect(back.idempotencyKeys[0].orderId).toBe(order.id);
    expect(back.sessionVersion).toBe(0);
    expect(order.createdAt).toBeInstanceOf(Date);

    // Deleting a menu item keeps the order line (ON DELETE SET NULL) with its snapshot.
    await prisma.menuItem.delete({ where: { id: item.id } });
    const line = await prisma.orderLine.findFirstOrThrow({ where: { orderId: order.id } });
    expect(line).toMatchObject({ menuItemId: null, name: "Check Bowl", unitPrice: 159 });
  });

  it("enforces the unique e-mail and one idempotency key per user", async () => {
    const prisma = db();
    const email = `unique-${Date.now()}@example.com`;
    await prisma.user.create({ data: { name: "A", email } });
    await expect(prisma.user.create({ data: { name: "B", email } })).rejects.toMatchObject({ code: "P2002" });
  });
});
