import "@/tests/support/async-local-storage";
import { afterAll, describe, expect } from "vitest";
import { test as it } from "./fixtures";
import { db } from "@/lib/db";
import { GET as listRoute, POST as createRoute } from "@/app/api/offers/route";
import { DELETE as deleteRoute, PUT as updateRoute } from "@/app/api/offers/[id]/route";
import { POST as checkRoute } from "@/app/api/offers/check/route";
import { call, type Caller } from "@/tests/support/api";
import { freshCode, storedOffer } from "@/tests/support/offers";
import { OFFER_DEFAULTS } from "@/tests/support/offer-defaults";
import { writesNothing } from "./watch-writes";
import type { ApiOffer, CouponCheck } from "@/lib/offers/types";

// Offers (product.md §13) through the route handlers on real PostgreSQL: admins define codes,
// unique without regard to case even when two are saved at once; a customer checks one and is
// told the discount or, in words, why not.

const made: string[] = [];
afterAll(async () => {
  await db().offer.deleteMany({ where: { id: { in: made } } });
});

const create = async (caller: Caller, body: unknown) => {
  const reply = await call(createRoute, "POST", "/api/offers", { caller, body });
  if (reply.status === 201) made.push((reply.json as ApiOffer).id);
  return reply;
};
const check = async (caller: Caller, body: unknown) => {
  const reply = await call(checkRoute, "POST", "/api/offers/check", { caller, body });
  expect(reply.status, reply.text).toBe(200);
  return reply.json as CouponCheck;
};
const kept = async (over: Parameters<typeof storedOffer>[0] = {}) => {
  const offer = await storedOffer(over);
  made.push(offer.id);
  return offer;
};

describe("/api/offers (admins)", () => {
  it("creates an offer with its defaults, lists it, changes it and deactivates it", async ({ admin }) => {
    const code = freshCode("Save");
    const reply = await create(admin, { code, kind: "percent", percent: 10, maxDiscount: 150, validFrom: "2026-12-24T18:00" });
    expect(reply.status, reply.text).toBe(201);
    const offer = reply.json as ApiOffer;
    expect(offer).toMatchObject({
      code,
      kind: "percent",
      percent: 10,
      maxDiscount: 150,
      amount: null,
      ...OFFER_DEFAULTS,
      used: 0,
      description: "10% off, up to ₹150",
      // Without an offset: India's wall clock.
      validFrom: "2026-12-24T12:30:00.000Z",
      validTo: null,
    });
    expect(offer._id).toBe(offer.id);

    const listed = (await call(listRoute, "GET", "/api/offers", { caller: admin })).json as ApiOffer[];
    expect(listed.map((o) => o.id)).toContain(offer.id);

    const put = await call(updateRoute, "PUT", `/api/offers/${offer.id}`, {
      caller: admin,
      params: { id: offer.id },
      body: { code, kind: "flat", amount: 100, minSubtotal: 499 },
    });
    expect(put.status, put.text).toBe(200);
    expect(put.json).toMatchObject({
      kind: "flat",
      amount: 100,
      percent: null,
      maxDiscount: null,
      description: "₹100 off on orders of ₹499 or more",
    });

    const del = await call(deleteRoute, "DELETE", `/api/offers/${offer.id}`, { caller: admin, params: { id: offer.id } });
    expect(del.status, del.text).toBe(200);
    expect((await db().offer.findUniqueOrThrow({ where: { id: offer.id } })).active).toBe(false);
  });

  it("refuses a second code that differs only in case with 409, also when both are saved at once", async ({ admin }) => {
    const code = freshCode("Dup");
    expect((await create(admin, { code, kind: "free_delivery" })).status).toBe(201);
    const again = await writesNothing(() => create(admin, { code: code.toLowerCase(), kind: "free_delivery" }));
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({
      code: "offer_code_taken",
      field: "code",
      error: `An offer with the code ${code.toUpperCase()} already exists.`,
    });

    const raced = freshCode("Race");
    const replies = await Promise.all(
      [raced, raced.toLowerCase(), `${raced[0].toLowerCase()}${raced.slice(1)}`, raced].map((c) =>
        create(admin, { code: c, kind: "flat", amount: 20 }),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
  });

  it("refuses an offer the rules do not allow with 400 naming the field, writing nothing", async ({ admin }) => {
    for (const [body, field] of [
      [{ code: "AB", kind: "flat", amount: 10 }, "code"],
      [{ code: "GOOD1", kind: "flat" }, "amount"],
      [{ code: "GOOD2", kind: "percent", percent: 0 }, "percent"],
      [{ code: "GOOD3", kind: "free_delivery", validFrom: "2026-12-24T18:00", validTo: "2026-12-24T10:00" }, "validTo"],
      [{ code: "GOOD4", kind: "free_delivery", validTo: "soon" }, "validTo"],
      [{ code: "GOOD5", kind: "free_delivery", perCustomer: 0 }, "perCustomer"],
    ] as const) {
      const reply = await writesNothing(() => create(admin, body));
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect((reply.json as { field?: string }).field).toBe(field);
    }
  });

  it("answers 404 for an offer that does not exist", async ({ admin }) => {
    const put = await call(updateRoute, "PUT", "/api/offers/nope", {
      caller: admin,
      params: { id: "nope" },
      body: { code: "NOPE1", kind: "free_delivery" },
    });
    expect(put.status).toBe(404);
    const del = await call(deleteRoute, "DELETE", "/api/offers/nope", { caller: admin, params: { id: "nope" } });
    expect(del.status).toBe(404);
  });
});

describe("POST /api/offers/check", () => {
  it("gives the discount and its description for a code in any case", async ({ customer }) => {
    const { code } = await kept({ kind: "percent", percent: 15, amount: null });
    expect(await check(customer, { code: code.toLowerCase(), subtotal: 333 })).toEqual({
      valid: true,
      code,
      discount: 49,
      description: "15% off",
    });
  });

  it("gives the default delivery fee back for free delivery", async ({ customer }) => {
    const { code } = await kept({ kind: "free_delivery", amount: null });
    expect(await check(customer, { code, subtotal: 300 })).toMatchObject({ valid: true, discount: 40, description: "Free delivery" });
  });

  it("says why a code does not apply, in words", async ({ customer }) => {
    const day = 24 * 60 * 60_000;
    const cases: [Parameters<typeof storedOffer>[0], RegExp, Record<string, unknown>?][] = [
      [{ active: false }, /^invalid$/],
      [{ validFrom: new Date(Date.now() + day) }, /^not_started$/],
      [{ validTo: new Date(Date.now() - day) }, /^expired$/],
      [{ minSubtotal: 499 }, /^below_minimum$/],
      [{ totalUses: 0 }, /^used_up$/],
      [{ onlineOnly: true }, /^online_only$/, { paymentMethod: "Cash on Delivery" }],
    ];
    for (const [over, reason, extra] of cases) {
      const { code } = await kept(over);
      const reply = await check(customer, { code, subtotal: 300, ...extra });
      expect(reply.valid).toBe(false);
      if (reply.valid) continue;
      expect(reply.reason).toMatch(reason);
      expect(reply.message.length).toBeGreaterThan(10);
    }
    const { code } = await kept({ minSubtotal: 499 });
    expect(await check(customer, { code, subtotal: 300 })).toEqual({
      valid: false,
      reason: "below_minimum",
      message: "This code needs a subtotal of at least ₹499.",
    });
    expect(await check(customer, { code: "NOSUCHCODE1", subtotal: 300 })).toEqual({
      valid: false,
      reason: "invalid",
      message: "This code is not valid.",
    });
  });

  it("refuses a code that cannot be one with 400", async ({ customer }) => {
    const reply = await call(checkRoute, "POST", "/api/offers/check", { caller: customer, body: { code: "a b", subtotal: 300 } });
    expect(reply.status).toBe(400);
    expect(reply.json).toMatchObject({ field: "code" });
  });
});
