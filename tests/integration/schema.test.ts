import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { storedOrder } from "@/tests/support/stored-order";

// The migrations are hand-written SQL (Prisma's engine cannot run offline), so this proves
// that schema.prisma and the migrated database agree: every model is written and read back
// through Prisma Client on a database built only from prisma/migrations.

/** A menu item's required columns, its slug unique to this run; prices Small, Medium, Large. */
const itemFields = (slug: string, name: string, categoryId: string, [priceSmall, priceMedium, priceLarge]: [number, number, number]) => ({
  slug: `${slug}-${Date.now()}`,
  name,
  categoryId,
  priceSmall,
  priceMedium,
  priceLarge,
});

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
        ...itemFields("item", "Check Bowl", category.id, [119, 159, 199]),
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
    await prisma.providerLink.create({ data: { userId: user.id, provider: "google" } });

    const back = await prisma.user.findUniqueOrThrow({
      where: { id: user.id },
      include: {
        tokens: true,
        orders: { include: { lines: { include: { menuItem: { include: { category: true } } } } } },
        idempotencyKeys: true,
        providerLinks: true,
      },
    });
    expect(back.tokens.map((t) => t.id)).toEqual([token.id]);
    expect(back.orders[0].lines[0]).toMatchObject({ portion: "large", unitPrice: 159, quantity: 2, lineTotal: 318 });
    expect(back.orders[0].lines[0].menuItem?.category.slug).toBe(category.slug);
    expect(back.idempotencyKeys[0].orderId).toBe(order.id);
    expect(back.sessionVersion).toBe(0);
    expect(back.providerLinks).toEqual([{ userId: user.id, provider: "google", linkedAt: expect.any(Date) }]);
    expect(order.createdAt).toBeInstanceOf(Date);

    // Deleting a menu item keeps the order line (ON DELETE SET NULL) with its snapshot.
    await prisma.menuItem.delete({ where: { id: item.id } });
    const line = await prisma.orderLine.findFirstOrThrow({ where: { orderId: order.id } });
    expect(line).toMatchObject({ menuItemId: null, name: "Check Bowl", unitPrice: 159 });
  });

  it("writes and reads an item's diet, figures, allergens, option groups and a line's options and note (§8)", async () => {
    const prisma = db();
    const category = await prisma.category.create({ data: { slug: `cat8-${Date.now()}`, name: `Category8 ${Date.now()}` } });
    const item = await prisma.menuItem.create({
      data: {
        ...itemFields("item8", "Options Bowl", category.id, [100, 140, 180]),
        diet: "non_veg",
        kcalSmall: 300,
        kcalMedium: 420,
        kcalLarge: 480,
        proteinSmall: 20,
        proteinMedium: 28,
        proteinLarge: 32,
        allergens: ["egg", "milk"],
        optionGroups: {
          create: [
            {
              name: "Dressing",
              min: 1,
              max: 1,
              choices: {
                create: [
                  { name: "Lemon", isDefault: true },
                  { name: "Ranch", price: 0, available: false, position: 1 },
                ],
              },
            },
          ],
        },
      },
      include: { optionGroups: { include: { choices: { orderBy: { position: "asc" } } } } },
    });
    expect(item).toMatchObject({ diet: "non_veg", kcalMedium: 420, proteinLarge: 32, allergens: ["egg", "milk"] });
    expect(item.optionGroups[0]).toMatchObject({ name: "Dressing", min: 1, max: 1 });
    expect(item.optionGroups[0].choices.map((c) => [c.name, c.price, c.available, c.isDefault])).toEqual([
      ["Lemon", 0, true, true],
      ["Ranch", 0, false, false],
    ]);
    // A change to a choice counts in its item's version (the order statement checks it).
    await prisma.menuOptionChoice.update({ where: { id: item.optionGroups[0].choices[1].id }, data: { available: true } });
    expect((await prisma.menuItem.findUniqueOrThrow({ where: { id: item.id } })).version).toBeGreaterThan(item.version);

    const user = await prisma.user.create({ data: { name: "Schema8", email: `schema8-${Date.now()}@example.com` } });
    const options = [{ id: item.optionGroups[0].choices[0].id, group: "Dressing", name: "Lemon", price: 0 }];
    const order = await prisma.order.create({
      data: storedOrder(user.id, { menuItemId: item.id, name: item.name, portion: "small", unitPrice: 100, quantity: 1 }),
      include: { lines: true },
    });
    await prisma.orderLine.update({ where: { id: order.lines[0].id }, data: { options, note: "No chilli please" } });
    const line = await prisma.orderLine.findFirstOrThrow({ where: { orderId: order.id } });
    expect(line.options).toEqual(options);
    expect(line.note).toBe("No chilli please");
    await expect(prisma.orderLine.update({ where: { id: line.id }, data: { note: "x".repeat(141) } })).rejects.toThrow();
    // Removing the choice keeps the line's copy.
    await prisma.menuItem.delete({ where: { id: item.id } });
    expect((await prisma.orderLine.findFirstOrThrow({ where: { orderId: order.id } })).options).toEqual(options);
  });

  it("writes and reads an order's payment and its refunds, gateway and cash (§10)", async () => {
    const prisma = db();
    const user = await prisma.user.create({ data: { name: "Schema10", email: `schema10-${Date.now()}@example.com` } });
    const order = await prisma.order.create({
      data: {
        ...storedOrder(user.id, { name: "Paid Bowl", portion: "small", unitPrice: 239, quantity: 1 }),
        status: "delivered",
        paymentStatus: "refund_pending",
        gateway: "razorpay",
        gatewayOrderId: `order_S${Date.now()}`,
        gatewayPaymentId: "pay_Schema",
        paidAt: new Date(),
      },
    });
    const processedAt = new Date();
    await prisma.refund.create({
      data: { orderId: order.id, amount: 100, reason: "Cold", gatewayPaymentId: "pay_Schema", gatewayRefundId: `rfnd_S${Date.now()}` },
    });
    await prisma.refund.create({
      data: { orderId: order.id, amount: 50, reason: "Late", method: "cash", status: "processed", processedAt },
    });
    const back = await prisma.order.findUniqueOrThrow({ where: { id: order.id }, include: { refunds: { orderBy: { amount: "desc" } } } });
    expect(back).toMatchObject({ paymentStatus: "refund_pending", gateway: "razorpay", gatewayPaymentId: "pay_Schema", refundedAmount: 0 });
    expect(back.refunds.map((r) => [r.method, r.status, r.gatewayPaymentId, r.processedAt])).toEqual([
      ["gateway", "pending", "pay_Schema", null],
      ["cash", "processed", null, processedAt],
    ]);
    // A gateway refund names its payment, a cash one none; no refund of nothing; an order keeps its refunds.
    await expect(prisma.refund.create({ data: { orderId: order.id, amount: 10, reason: "x" } })).rejects.toThrow();
    await expect(
      prisma.refund.create({ data: { orderId: order.id, amount: 10, reason: "x", method: "cash", gatewayPaymentId: "pay_Schema" } }),
    ).rejects.toThrow();
    await expect(prisma.refund.create({ data: { orderId: order.id, amount: 0, reason: "x", method: "cash" } })).rejects.toThrow();
    await expect(prisma.order.delete({ where: { id: order.id } })).rejects.toThrow();
    await prisma.refund.deleteMany({ where: { orderId: order.id } });
    await prisma.order.delete({ where: { id: order.id } });
    await prisma.user.delete({ where: { id: user.id } });
  });

  it("enforces the unique e-mail and one idempotency key per user", async () => {
    const prisma = db();
    const email = `unique-${Date.now()}@example.com`;
    await prisma.user.create({ data: { name: "A", email } });
    await expect(prisma.user.create({ data: { name: "B", email } })).rejects.toMatchObject({ code: "P2002" });
  });
});
