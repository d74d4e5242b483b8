import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { storedOrder } from "@/tests/support/stored-order";
import { resetStore } from "@/tests/support/store";
import { REGULAR_BUSINESS } from "@/tests/support/billing";

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

  it("writes and reads a favourite, which goes with its item (§13)", async () => {
    const prisma = db();
    const user = await prisma.user.create({ data: { name: "Favourite Check", email: `fav-${Date.now()}@example.com`, passwordHash: "x" } });
    const category = await prisma.category.create({ data: { slug: `catf-${Date.now()}`, name: `CategoryF ${Date.now()}` } });
    const item = await prisma.menuItem.create({ data: itemFields("fav", "Kept Bowl", category.id, [119, 159, 199]) });
    await prisma.favourite.create({ data: { userId: user.id, menuItemId: item.id } });
    const back = await prisma.user.findUniqueOrThrow({ where: { id: user.id }, include: { favourites: { include: { menuItem: true } } } });
    expect(back.favourites).toEqual([expect.objectContaining({ menuItemId: item.id, savedAt: expect.any(Date) })]);
    expect(back.favourites[0].menuItem.name).toBe("Kept Bowl");

    await prisma.menuItem.delete({ where: { id: item.id } });
    expect(await prisma.favourite.count({ where: { userId: user.id } })).toBe(0);
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
    // A refund's send claim (issue 32, L7), and the order's unpaid holds (M2), gone with the order.
    const until = new Date(Date.now() + 60_000);
    await prisma.refund.updateMany({ where: { orderId: order.id, method: "gateway" }, data: { sendClaimedUntil: until } });
    expect((await prisma.refund.findFirstOrThrow({ where: { orderId: order.id, method: "gateway" } })).sendClaimedUntil).toEqual(until);
    await prisma.unpaidHold.createMany({
      data: [
        { orderId: order.id, clientKey: "k64" },
        { orderId: order.id, clientKey: "k48" },
      ],
    });
    expect((await prisma.unpaidHold.findMany({ where: { orderId: order.id } })).map((h) => h.clientKey).sort()).toEqual(["k48", "k64"]);
    await expect(prisma.unpaidHold.create({ data: { orderId: "no-such-order", clientKey: "k" } })).rejects.toThrow();
    await prisma.refund.deleteMany({ where: { orderId: order.id } });
    await prisma.order.delete({ where: { id: order.id } });
    expect(await prisma.unpaidHold.count({ where: { orderId: order.id } })).toBe(0);
    await prisma.user.delete({ where: { id: user.id } });
  });

  it("writes and reads the business details (§11); the database holds one row, a GSTIN when registered, packaging 0–100", async () => {
    const prisma = db();
    const details = REGULAR_BUSINESS;

    try {
      await prisma.businessDetails.create({ data: details });
      expect(await prisma.businessDetails.findUniqueOrThrow({ where: { id: 1 } })).toMatchObject({
        ...details,
        updatedAt: expect.any(Date),
      });
      await expect(prisma.businessDetails.create({ data: { ...details, id: 2 } })).rejects.toThrow();
      await expect(prisma.businessDetails.update({ where: { id: 1 }, data: { gstin: null } })).rejects.toThrow();
      await expect(prisma.businessDetails.update({ where: { id: 1 }, data: { packagingCharge: 101 } })).rejects.toThrow();
      expect(await prisma.businessDetails.update({ where: { id: 1 }, data: { gstin: null, regime: "unregistered" } })).toMatchObject({
        gstin: null,
      });
    } finally {
      await resetStore();
    }
  });

  it("writes and reads invoices, credit notes and their counters (§11); numbers and refunds unique, splits add up", async () => {
    const prisma = db();
    const user = await prisma.user.create({ data: { name: "Bill Check", email: `bill-${Date.now()}@example.com` } });
    const line = { menuItemId: null, name: "Bowl", portion: "small" as const, unitPrice: 149, quantity: 1 };
    const order = await prisma.order.create({ data: { ...storedOrder(user.id, line), packagingCharge: 10, status: "delivered" } });
    const fy = `s${Date.now() % 100000}`;
    const issuedAt = new Date();
    const bill = {
      number: `SC/${fy}/1`,
      financialYear: fy,
      serial: 1,
      kind: "tax_invoice" as const,
      issuedAt,
      total: 10500,
      taxableValue: 10000,
      cgst: 250,
      sgst: 250,
      placeOfSupply: "29-Karnataka",
      document: { number: `SC/${fy}/1` },
    };
    const invoice = await prisma.invoice.create({ data: { ...bill, orderId: order.id } });
    const refund = await prisma.refund.create({
      data: { orderId: order.id, amount: 21, reason: "Late", method: "cash", status: "processed" },
    });
    const note = { number: `CN/${fy}/1`, financialYear: fy, serial: 1, issuedAt, amount: 2100, taxableValue: 2000, cgst: 50, sgst: 50 };
    await prisma.creditNote.create({ data: { ...note, invoiceId: invoice.id, refundId: refund.id } });
    await prisma.documentCounter.create({ data: { series: "invoice", financialYear: fy, lastSerial: 1 } });
    try {
      const back = await prisma.order.findUniqueOrThrow({
        where: { id: order.id },
        include: { invoice: { include: { creditNotes: { include: { refund: true } } } } },
      });
      expect(back.packagingCharge).toBe(10);
      expect(back.invoice).toMatchObject({ ...bill, document: { number: bill.number } });
      expect(back.invoice?.creditNotes[0]).toMatchObject({ ...note, refund: { id: refund.id } });
      expect(
        await prisma.documentCounter.findUnique({ where: { series_financialYear: { series: "invoice", financialYear: fy } } }),
      ).toMatchObject({
        lastSerial: 1,
      });
      // One bill per order, per number, per serial of a year; one note per refund; the tax split adds up.
      const other = await prisma.order.create({ data: storedOrder(user.id, line) });
      await expect(prisma.invoice.create({ data: { ...bill, number: `SC/${fy}/2`, serial: 2, orderId: order.id } })).rejects.toThrow();
      await expect(prisma.invoice.create({ data: { ...bill, serial: 2, orderId: other.id } })).rejects.toThrow();
      await expect(prisma.invoice.create({ data: { ...bill, number: `SC/${fy}/2`, orderId: other.id } })).rejects.toThrow();
      await expect(
        prisma.invoice.create({ data: { ...bill, number: `SC/${fy}/2`, serial: 2, cgst: 251, orderId: other.id } }),
      ).rejects.toThrow();
      await expect(
        prisma.creditNote.create({ data: { ...note, number: `CN/${fy}/2`, serial: 2, invoiceId: invoice.id, refundId: refund.id } }),
      ).rejects.toThrow();
      // An issued bill keeps its order.
      await expect(prisma.order.delete({ where: { id: order.id } })).rejects.toThrow();
      await prisma.order.delete({ where: { id: other.id } });
    } finally {
      await prisma.creditNote.deleteMany({ where: { financialYear: fy } });
      await prisma.invoice.deleteMany({ where: { financialYear: fy } });
      await prisma.documentCounter.deleteMany({ where: { financialYear: fy } });
      await prisma.refund.deleteMany({ where: { orderId: order.id } });
      await prisma.order.deleteMany({ where: { userId: user.id } });
      await prisma.user.delete({ where: { id: user.id } });
    }
  });

  it("writes and reads an order's rating and the ratings' day totals (§13); one rating an order, 1 to 5 stars", async () => {
    const prisma = db();
    const user = await prisma.user.create({ data: { name: "Rating Check", email: `rating-${Date.now()}@example.com` } });
    try {
      const order = await prisma.order.create({
        data: { ...storedOrder(user.id, { name: "Rated Bowl", portion: "small", unitPrice: 149, quantity: 1 }), status: "delivered" },
      });
      // 23:45 UTC is 05:15 the next day in India: the day's totals are India's.
      const at = new Date("2026-11-30T23:45:00.000Z");
      await prisma.orderRating.create({ data: { orderId: order.id, stars: 4, comment: "Zoë liked it", createdAt: at } });
      const back = await prisma.order.findUniqueOrThrow({ where: { id: order.id }, include: { rating: true } });
      expect(back.rating).toEqual({ orderId: order.id, stars: 4, comment: "Zoë liked it", createdAt: at });
      const day = await prisma.ratingDayTotal.findUniqueOrThrow({ where: { day: new Date("2026-12-01T00:00:00.000Z") } });
      // Other files may rate on the same India day: at least this one is counted there.
      expect(day.ratings).toBeGreaterThanOrEqual(1);
      expect(Number(day.stars)).toBeGreaterThanOrEqual(4);
      await expect(prisma.orderRating.create({ data: { orderId: order.id, stars: 5 } })).rejects.toMatchObject({ code: "P2002" });
      const other = await prisma.order.create({
        data: storedOrder(user.id, { name: "Rated Bowl", portion: "small", unitPrice: 149, quantity: 1 }),
      });
      await expect(prisma.orderRating.create({ data: { orderId: other.id, stars: 6 } })).rejects.toThrow();
      await prisma.order.delete({ where: { id: order.id } });
      expect(await prisma.orderRating.count({ where: { orderId: order.id } })).toBe(0);
    } finally {
      await prisma.order.deleteMany({ where: { userId: user.id } });
      await prisma.user.delete({ where: { id: user.id } });
    }
  });

  it("writes and reads saved addresses (§13); one default per customer; they go with the account", async () => {
    const prisma = db();
    const user = await prisma.user.create({ data: { name: "Book Check", email: `book-${Date.now()}@example.com` } });
    const fields = { name: "Zoë", phone: "9876543210", street: "1 MG Road", city: "Bengaluru", state: "Karnataka", zip: "560001" };
    const home = await prisma.savedAddress.create({ data: { ...fields, userId: user.id, label: "Home", isDefault: true } });
    await prisma.savedAddress.create({ data: { ...fields, userId: user.id, label: "Work" } });
    const back = await prisma.user.findUniqueOrThrow({
      where: { id: user.id },
      include: { savedAddresses: { orderBy: { createdAt: "asc" } } },
    });
    expect(back.savedAddresses.map((a) => [a.label, a.isDefault])).toEqual([
      ["Home", true],
      ["Work", false],
    ]);
    expect(home.createdAt).toBeInstanceOf(Date);
    await expect(prisma.savedAddress.create({ data: { ...fields, userId: user.id, label: "Gym", isDefault: true } })).rejects.toThrow();
    await prisma.user.delete({ where: { id: user.id } });
    expect(await prisma.savedAddress.count({ where: { userId: user.id } })).toBe(0);
  });

  it("enforces the unique e-mail and one idempotency key per user", async () => {
    const prisma = db();
    const email = `unique-${Date.now()}@example.com`;
    await prisma.user.create({ data: { name: "A", email } });
    await expect(prisma.user.create({ data: { name: "B", email } })).rejects.toMatchObject({ code: "P2002" });
  });
  it("writes and reads offers and their uses (§13); a code unique without regard to case; a cancel gives the use back", async () => {
    const prisma = db();
    const code = `Schema${Date.now()}`;
    const offer = await prisma.offer.create({ data: { code, kind: "percent", percent: 10, maxDiscount: 150, validTo: new Date() } });
    await expect(prisma.offer.create({ data: { code: code.toUpperCase(), kind: "free_delivery" } })).rejects.toMatchObject({
      code: "P2002",
    });
    const user = await prisma.user.create({ data: { name: "Schema13", email: `schema13-${Date.now()}@example.com` } });
    const order = await prisma.order.create({
      data: {
        ...storedOrder(user.id, { menuItemId: null, name: "Bowl", portion: "small", unitPrice: 200, quantity: 1 }),
        discount: 20,
        couponCode: code.toUpperCase(),
        couponDescription: "10% off, up to ₹150",
      },
    });
    await prisma.offerUse.create({ data: { orderId: order.id, offerId: offer.id, userId: user.id, discount: 20 } });
    const back = await prisma.offer.findUniqueOrThrow({
      where: { id: offer.id },
      include: { uses: { include: { order: true, user: true } } },
    });
    expect(back).toMatchObject({
      kind: "percent",
      percent: 10,
      maxDiscount: 150,
      minSubtotal: 0,
      perCustomer: 1,
      totalUses: null,
      active: true,
    });
    expect(back.uses[0]).toMatchObject({ discount: 20, releasedAt: null, order: { discount: 20, couponCode: code.toUpperCase() } });
    await prisma.order.update({ where: { id: order.id }, data: { status: "cancelled" } });
    expect((await prisma.offerUse.findUniqueOrThrow({ where: { orderId: order.id } })).releasedAt).toBeInstanceOf(Date);
    await prisma.order.delete({ where: { id: order.id } });
    await prisma.offer.delete({ where: { id: offer.id } });
    await prisma.user.delete({ where: { id: user.id } });
  });

  it("writes and reads the outbox, push subscriptions and WhatsApp's STOPs (§14); a removed subscription leaves its messages", async () => {
    const prisma = db();
    const user = await prisma.user.create({
      data: { name: "Outbox Check", email: `outbox-${Date.now()}@example.com`, pushUpdates: false },
    });
    const order = await prisma.order.create({
      data: {
        ...storedOrder(user.id, { menuItemId: null, name: "Bowl", portion: "small", unitPrice: 200, quantity: 1 }),
        whatsappConsentAt: new Date(),
      },
    });
    const subscription = await prisma.pushSubscription.create({
      data: { userId: user.id, endpoint: `https://push.example.com/${Date.now()}`, p256dh: "p", auth: "a" },
    });
    const message = await prisma.orderMessage.create({
      data: {
        orderId: order.id,
        channel: "push",
        event: "confirmed",
        recipient: subscription.endpoint,
        pushSubscriptionId: subscription.id,
      },
    });
    await prisma.orderMessage.create({
      data: {
        orderId: order.id,
        channel: "whatsapp",
        event: "paid",
        recipient: "919876543210",
        providerId: `wamid.${Date.now()}`,
        state: "delivered",
      },
    });
    await prisma.whatsappOptOut.upsert({ where: { phone: "919876543210" }, create: { phone: "919876543210" }, update: {} });
    const back = await prisma.order.findUniqueOrThrow({
      where: { id: order.id },
      include: { messages: { orderBy: { channel: "asc" } }, user: { include: { pushSubscriptions: true } } },
    });
    expect(back.whatsappConsentAt).toBeInstanceOf(Date);
    expect(back.user).toMatchObject({ pushUpdates: false, whatsappUpdates: true, pushSubscriptions: [{ id: subscription.id }] });
    expect(back.messages.map((m) => [m.channel, m.state, m.attempts])).toEqual([
      ["push", "queued", 0],
      ["whatsapp", "delivered", 0],
    ]);
    await prisma.pushSubscription.delete({ where: { id: subscription.id } });
    expect((await prisma.orderMessage.findUniqueOrThrow({ where: { id: message.id } })).pushSubscriptionId).toBeNull();
    await prisma.whatsappOptOut.delete({ where: { phone: "919876543210" } });
    await prisma.order.delete({ where: { id: order.id } });
    expect(await prisma.orderMessage.count({ where: { orderId: order.id } })).toBe(0);
    await prisma.user.delete({ where: { id: user.id } });
  });
});
