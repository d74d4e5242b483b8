import { call } from "@/tests/support/api";
import fc from "fast-check";
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { watchedShop } from "./watch-writes";
import { settingsForThisFile } from "@/tests/support/settings";
import { TYPED_ADDRESS } from "@/tests/support/address";
import { Named, neverFailsNorWritesOnRefusal, oneOf, oversizedBodiesGet413, queryString, segment } from "@/tests/support/fuzz";
import {
  hostileHeader,
  hostileJson,
  hostileNumber,
  hostileParam,
  hostileString,
  malformedBody,
  spoiled,
  spoiledDeep,
} from "@/tests/support/hostile";
import { POST as placeRoute, GET as listRoute } from "@/app/api/orders/route";
import { GET as getRoute, PATCH as patchRoute } from "@/app/api/orders/[id]/route";

// Property: the order API never answers 5xx, and a refusal writes nothing, whatever the body,
// the Idempotency-Key, the order id in the path or the list's query (product.md §5).

// Hundreds of orders from one customer, to try bodies rather than the order limits (those are
// order-limits.test.ts's): the settings let this customer place them all.
settingsForThisFile({ ORDER_LIMIT_PER_ACCOUNT: "1000000", OPEN_ORDERS_PER_CUSTOMER: "1000000" });

let item = "";
let soldOut = "";
let order = "";
/** `item`'s choices by name (a free default Dressing, one sold out, priced Add-ons) and one of another item's. */
const choice: Record<string, { id: string; price: number }> = {};
const shop = watchedShop("fuzz-orders", async ({ fx, customer }) => {
  const { db } = await import("@/lib/db");
  item = await fx.item();
  soldOut = await fx.item();
  await db().menuItem.update({ where: { id: soldOut }, data: { available: false } });
  order = await fx.order(customer.id, item);
  const groups = [
    {
      menuItemId: item,
      name: "Dressing",
      min: 1,
      max: 1,
      position: 0,
      choices: [
        ["Lemon", 0, true],
        ["Ranch", 0],
        ["Gone", 0, false, false],
      ],
    },
    {
      menuItemId: item,
      name: "Add-ons",
      min: 0,
      max: 2,
      position: 1,
      choices: [
        ["Feta", 40],
        ["Olives", 25],
        ["Seeds", 20],
      ],
    },
    { menuItemId: soldOut, name: "Dressing", min: 1, max: 1, position: 0, choices: [["Foreign", 0, true]] },
  ] as const;
  for (const { choices, ...g } of groups) {
    const made = await db().menuOptionGroup.create({
      data: {
        ...g,
        choices: {
          create: choices.map(([name, price, isDefault = false, available = true], position) => ({
            name,
            price,
            isDefault,
            available,
            position,
          })),
        },
      },
      include: { choices: true },
    });
    for (const c of made.choices) choice[c.name] = { id: c.id, price: c.price };
  }
});

const validOrder = () => ({
  items: [
    { id: item, portion: "medium", quantity: 2 },
    { menuItemId: item, portion: "small", quantity: 1 },
  ],
  address: TYPED_ADDRESS,
  paymentMethod: "UPI",
  total: 627,
});

/** What shopFixtures' items cost, by portion. */
const PORTION_PRICES: Record<string, number> = { small: 149, medium: 199, large: 249 };

/**
 * The customer orders `lines` of `item` under a new Idempotency-Key, with `extra` over the valid
 * order's other fields; without its total, which is for its own lines (a total that differs is refused).
 */
const placeLines = (lines: object[], extra: object = {}) =>
  call(placeRoute, "POST", "/api/orders", {
    caller: shop.customer,
    body: { ...validOrder(), ...extra, total: undefined, items: lines.map((l) => ({ ...l, id: item })) },
    headers: { "idempotency-key": randomUUID() },
  });

/** Who calls, by name (so a counterexample reads "customer", not a token); mostly the owner. */
const who = () => oneOf(() => ({ customer: shop.customer, admin: shop.admin }), ["customer", "customer", "customer", "admin", "signedOut"]);

describe("POST /api/orders", () => {
  const body = () =>
    fc.oneof(
      { weight: 4, arbitrary: spoiledDeep(validOrder()) },
      { weight: 2, arbitrary: spoiled(validOrder()) },
      {
        weight: 1,
        arbitrary: fc.constantFrom(validOrder()).map((v) => ({ ...v, items: [{ id: soldOut, portion: "small", quantity: 1 }] })),
      },
      {
        weight: 1,
        arbitrary: fc
          .array(fc.record({ id: fc.oneof(fc.constant(item), hostileString), portion: hostileJson, quantity: hostileJson }), {
            maxLength: 60,
          })
          .map((items) => ({ ...validOrder(), items })),
      },
      { weight: 1, arbitrary: hostileJson },
    );

  it("any JSON body, with or without a hostile Idempotency-Key", async () => {
    await neverFailsNorWritesOnRefusal(
      shop.digest,
      fc.record({ who: who(), body: body(), key: fc.option(fc.oneof(fc.uuid(), hostileHeader), { nil: undefined }) }),
      ({ who: { value: caller }, body, key }) =>
        call(placeRoute, "POST", "/api/orders", { caller, body, headers: key === undefined ? {} : { "idempotency-key": key } }),
      // A NUL in an item id reached PostgreSQL, which refused the query: 500.
      {
        numRuns: 400,
        examples: [
          {
            who: new Named("customer", shop.customer),
            body: { ...validOrder(), items: [{ menuItemId: "a\u0000b", portion: "small", quantity: 1 }] },
            key: undefined,
          },
        ],
      },
    );
  });

  it("malformed bodies", async () => {
    await neverFailsNorWritesOnRefusal(
      shop.digest,
      fc.record({ who: who(), raw: malformedBody }),
      ({ who: { value: caller }, raw }) =>
        call(placeRoute, "POST", "/api/orders", { caller, raw, headers: { "idempotency-key": randomUUID() } }),
      { numRuns: 150 },
    );
  });

  it("bodies over 100 KB get 413", async () => {
    await oversizedBodiesGet413(shop.digest, (raw) => call(placeRoute, "POST", "/api/orders", { caller: shop.customer, raw }), 10);
  });
});

describe("POST /api/orders: price tampering", () => {
  it("whatever prices, totals or fees the client sends, a placed order is charged the menu's prices", async () => {
    let placed = 0;
    const money = fc.oneof(hostileNumber, fc.constantFrom(0, 1, -100, 0.01), hostileString);
    const line = fc.record({
      portion: fc.constantFrom("small", "medium", "large"),
      quantity: fc.integer({ min: 1, max: 20 }),
      price: money,
      unitPrice: money,
      lineTotal: money,
      prices: fc.record({ small: money, medium: money, large: money }),
    });
    await neverFailsNorWritesOnRefusal(
      shop.digest,
      fc.record({
        lines: fc.uniqueArray(line, { minLength: 1, maxLength: 3, selector: (l) => l.portion }),
        extra: fc.record({ subtotal: money, deliveryFee: money, discount: money, status: fc.constantFrom("delivered", "cancelled") }),
      }),
      async ({ lines, extra }) => {
        const reply = await placeLines(lines, extra);
        if (reply.status === 201) {
          placed += 1;
          const { order } = reply.json as { order: { subtotal: number; deliveryFee: number; total: number; status: string } };
          const subtotal = lines.reduce((sum, l) => sum + PORTION_PRICES[l.portion] * l.quantity, 0);
          expect(order).toMatchObject({ subtotal, deliveryFee: 40, total: subtotal + 40, status: "pending" });
        }
        return reply;
      },
      { numRuns: 100 },
    );
    // The client's extra fields are ignored, not refused: most of these orders went through.
    expect(placed).toBeGreaterThan(50);
  });
});

describe("POST /api/orders: hostile options and notes", () => {
  it("whatever options and note a line sends, a placed line has a valid choice per group and is priced from them", async () => {
    const ids = () => Object.values(choice).map((c) => c.id);
    const anyChoice = fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom("Lemon", "Ranch", "Feta", "Olives", "Seeds", "Gone", "Foreign").map((n) => choice[n].id) },
      { weight: 1, arbitrary: hostileString },
      { weight: 1, arbitrary: hostileJson },
    );
    const line = fc.record(
      {
        portion: fc.constantFrom("small", "medium", "large"),
        quantity: fc.integer({ min: 1, max: 20 }),
        options: fc.oneof({ weight: 4, arbitrary: fc.array(anyChoice, { maxLength: 22 }) }, { weight: 1, arbitrary: hostileJson }),
        note: fc.oneof(fc.string({ maxLength: 150 }), hostileString, hostileJson),
      },
      { requiredKeys: ["portion", "quantity"] },
    );
    let placed = 0;
    await neverFailsNorWritesOnRefusal(
      shop.digest,
      fc.uniqueArray(line, { minLength: 1, maxLength: 3, selector: (l) => l.portion }),
      async (lines) => {
        const reply = await placeLines(lines);
        if (reply.status === 201) {
          placed += 1;
          const { order } = reply.json as {
            order: { items: { portion: string; unitPrice: number; options: { id: string; price: number }[] }[] };
          };
          for (const placedLine of order.items) {
            const chosen = placedLine.options.map((o) => o.id);
            expect(chosen.every((id) => ids().includes(id))).toBe(true);
            expect(chosen.filter((id) => [choice.Lemon.id, choice.Ranch.id].includes(id))).toHaveLength(1);
            expect(chosen.filter((id) => [choice.Feta.id, choice.Olives.id, choice.Seeds.id].includes(id)).length).toBeLessThanOrEqual(2);
            const extra = placedLine.options.reduce((n, o) => n + Object.values(choice).find((c) => c.id === o.id)!.price, 0);
            expect(placedLine.unitPrice).toBe(PORTION_PRICES[placedLine.portion] + extra);
          }
        }
        return reply;
      },
      { numRuns: 200 },
    );
    // Not every case is a refusal: valid selections among them went through.
    expect(placed).toBeGreaterThan(5);
  });
});

describe("GET and PATCH /api/orders/{id}", () => {
  const id = () => fc.oneof(hostileParam, fc.constant(order));

  it("any id", async () => {
    await neverFailsNorWritesOnRefusal(
      shop.digest,
      fc.record({ who: who(), id: id() }),
      ({ who: { value: caller }, id }) => call(getRoute, "GET", `/api/orders/${segment(id)}`, { caller, params: { id } }),
      // A NUL in the id reached PostgreSQL, which refused the query: 500.
      { numRuns: 200, examples: [{ who: new Named("customer", shop.customer), id: "\u0000" }] },
    );
  });

  it("any id and body", async () => {
    const status = fc.constantFrom("pending", "confirmed", "preparing", "out_for_delivery", "delivered", "cancelled");
    await neverFailsNorWritesOnRefusal(
      shop.digest,
      fc.record({
        who: who(),
        id: id(),
        body: fc.oneof(
          status.map((s) => ({ status: s })),
          spoiled({ status: "cancelled" }),
          hostileJson,
        ),
      }),
      ({ who: { value: caller }, id, body }) => call(patchRoute, "PATCH", `/api/orders/${segment(id)}`, { caller, params: { id }, body }),
      { numRuns: 300, examples: [{ who: new Named("admin", shop.admin), id: "a\u0000", body: { status: "confirmed" } }] },
    );
  });

  it("malformed bodies", async () => {
    await neverFailsNorWritesOnRefusal(
      shop.digest,
      fc.record({ who: who(), raw: malformedBody }),
      ({ who: { value: caller }, raw }) => call(patchRoute, "PATCH", `/api/orders/${order}`, { caller, params: { id: order }, raw }),
      { numRuns: 100 },
    );
  });
});

describe("GET /api/orders?status=&limit=&before=", () => {
  it("any query", async () => {
    const value = fc.oneof(
      hostileString,
      fc.constantFrom("pending", "1", "100", "101", "0", "-1", "1.5", "2026-01-01", "2026-13-45T99:99", "9999-12-31T23:59:59Z", order),
    );
    await neverFailsNorWritesOnRefusal(
      shop.digest,
      fc.record({
        who: who(),
        query: fc.dictionary(fc.constantFrom("status", "limit", "before", "__proto__", "x"), value, { maxKeys: 3 }),
      }),
      ({ who: { value: caller }, query }) => call(listRoute, "GET", `/api/orders?${queryString(query)}`, { caller }),
      { numRuns: 200, examples: [{ who: new Named("customer", shop.customer), query: { before: "c\u0000" } }] },
    );
  });
});
