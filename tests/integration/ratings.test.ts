import { describe, expect } from "vitest";
import { test as it } from "./fixtures";
import { db } from "@/lib/db";
import { POST as rateRoute } from "@/app/api/orders/[id]/rating/route";
import { GET as orderRoute } from "@/app/api/orders/[id]/route";
import { GET as listRoute } from "@/app/api/orders/route";
import { call, type Caller } from "@/tests/support/api";
import { raceBehindLock } from "@/tests/support/race";
import { ratingFigures } from "@/lib/orders/dashboard/ratings";
import type { ApiOrderWithHistory, OrderRating } from "@/lib/orders/types";
import { writesNothing } from "./watch-writes";
import { waitFor } from "@/tests/support/wait";

// Rating a delivered order (product.md §13) through the real route handlers on PostgreSQL: once,
// by its own customer, 1 to 5 stars and a comment of up to 500 characters; every refusal its
// status and code with nothing written; the order's replies carry the rating; the dashboard's
// 30-day average and low ratings agree with a plain count over the ratings.

type Refusal = { error: string; code: string; field?: string };

const rate = (caller: Caller | undefined, id: string, body: unknown) =>
  call(rateRoute, "POST", `/api/orders/${id}/rating`, { caller, body, params: { id } });
const orderOf = async (caller: Caller, id: string) =>
  (await call(orderRoute, "GET", `/api/orders/${id}`, { caller, params: { id } })).json as ApiOrderWithHistory;

describe("POST /api/orders/{id}/rating", () => {
  it("rates a delivered order: 201 with the stars, the comment trimmed and the time; GET and the list carry it", async ({
    shop,
    customer,
    admin,
    item,
  }) => {
    const order = await shop.deliveredOrder(customer.id, item);
    expect((await orderOf(customer, order)).rating).toBeNull();
    const before = Date.now();
    const reply = await rate(customer, order, { stars: 4, comment: "  Crunchy and fresh, ಧನ್ಯವಾದ!\n" });
    expect(reply.status, reply.text).toBe(201);
    const rating = reply.json as OrderRating;
    expect(rating).toEqual({ stars: 4, comment: "Crunchy and fresh, ಧನ್ಯವಾದ!", at: expect.any(String) });
    expect(Date.parse(rating.at)).toBeGreaterThanOrEqual(before - 1000);
    expect((await orderOf(customer, order)).rating).toEqual(rating);
    expect((await orderOf(admin, order)).rating).toEqual(rating);
    const list = (await call(listRoute, "GET", "/api/orders", { caller: customer })).json as ApiOrderWithHistory[];
    expect(list.find((o) => o.id === order)?.rating).toEqual(rating);
  });

  it("without a comment (or a blank one) the comment is null; 500 characters of any script are taken", async ({ shop, customer, item }) => {
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => shop.deliveredOrder(customer.id, item)));
    expect((await rate(customer, a, { stars: 5 })).json).toMatchObject({ stars: 5, comment: null });
    expect((await rate(customer, b, { stars: 1, comment: "   " })).json).toMatchObject({ stars: 1, comment: null });
    const long = "🥗".repeat(500);
    const reply = await rate(customer, c, { stars: 3, comment: long });
    expect(reply.status, reply.text).toBe(201);
    expect((reply.json as OrderRating).comment).toBe(long);
  });

  it("an order not delivered yet is 409 not_delivered; a second rating 409 already_rated; nothing written", async ({
    shop,
    customer,
    item,
  }) => {
    const pending = await shop.order(customer.id, item);
    const early = await writesNothing(() => rate(customer, pending, { stars: 5 }));
    expect(early.status).toBe(409);
    expect(early.json).toEqual({ error: "You can rate an order once it has been delivered.", code: "not_delivered" });

    const delivered = await shop.deliveredOrder(customer.id, item);
    expect((await rate(customer, delivered, { stars: 2, comment: "Cold" })).status).toBe(201);
    const again = await writesNothing(() => rate(customer, delivered, { stars: 5, comment: "Actually fine" }));
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ error: "You have already rated this order.", code: "already_rated" });
    expect((await orderOf(customer, delivered)).rating).toMatchObject({ stars: 2, comment: "Cold" });
  });

  it("a rating is news on the live channel to the admins and the order's customer, so their pages follow it", async ({
    shop,
    customer,
    admin,
    item,
    liveStream,
  }) => {
    const order = await shop.deliveredOrder(customer.id, item);
    const [adminLog, customerLog] = await Promise.all([liveStream(admin), liveStream(customer)]);
    expect((await rate(customer, order, { stars: 3 })).status).toBe(201);
    for (const log of [adminLog, customerLog])
      await waitFor(() => log.events.some((e) => e.type === "order" && e.id === order && e.status === "delivered"), {
        what: "the rating's notice",
      });
  });

  it("two ratings of one order at once: one is taken, the other 409 already_rated", async ({ shop, customer, item }) => {
    const order = await shop.deliveredOrder(customer.id, item);
    // Both requests read "no rating yet", then wait to insert behind the lock: a real race on the order's key.
    const replies = await raceBehindLock("LOCK TABLE order_ratings IN SHARE MODE", 2, () =>
      Promise.all([rate(customer, order, { stars: 5 }), rate(customer, order, { stars: 1 })]),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409]);
    expect((replies.find((r) => r.status === 409)!.json as Refusal).code).toBe("already_rated");
    const kept = (replies.find((r) => r.status === 201)!.json as OrderRating).stars;
    expect(await db().orderRating.findMany({ where: { orderId: order }, select: { stars: true } })).toEqual([{ stars: kept }]);
  });

  it("bad stars or comment: 400 naming the field, nothing written", async ({ shop, customer, item }) => {
    const order = await shop.deliveredOrder(customer.id, item);
    const cases: [unknown, string][] = [
      [{}, "stars"],
      [{ stars: 0 }, "stars"],
      [{ stars: 6 }, "stars"],
      [{ stars: 3.5 }, "stars"],
      [{ stars: "5" }, "stars"],
      [{ stars: 4, comment: "x".repeat(501) }, "comment"],
      [{ stars: 4, comment: 42 }, "comment"],
      [{ stars: 4, comment: "bad\u0000byte" }, "comment"],
    ];
    await writesNothing(async () => {
      for (const [body, field] of cases) {
        const reply = await rate(customer, order, body);
        expect(reply.status, JSON.stringify(body)).toBe(400);
        expect((reply.json as Refusal).field, JSON.stringify(body)).toBe(field);
      }
      const malformed = await call(rateRoute, "POST", `/api/orders/${order}/rating`, {
        caller: customer,
        raw: "{stars:",
        params: { id: order },
      });
      expect(malformed.status).toBe(400);
    });
  });

  it("only the order's customer: another customer and an admin get 404, signed out 401", ({ onlyItsCustomer }) =>
    onlyItsCustomer((caller, order) => rate(caller, order, { stars: 5 })));
});

describe("the dashboard's ratings", () => {
  /** The 30-day figures by a plain count over every rating (India days, today and the 29 before). */
  async function plainCount(now: Date) {
    const [row] = await db().$queryRaw<{ n: number; total: number }[]>`
      SELECT count(*)::int AS n, coalesce(sum(stars), 0)::int AS total FROM order_ratings
      WHERE ((created_at AT TIME ZONE 'UTC') AT TIME ZONE 'Asia/Kolkata')::date
        >= ((${now}::timestamptz AT TIME ZONE 'Asia/Kolkata')::date - 29)`;
    return { ratings: row.n, average: row.n === 0 ? null : Math.round((row.total * 10) / row.n) / 10 };
  }

  /** The latest five ratings of 2 stars or fewer, whenever given, by a plain sort. */
  const latestLow = async () =>
    (await db().orderRating.findMany({ where: { stars: { lte: 2 } }, orderBy: [{ createdAt: "desc" }, { orderId: "desc" }], take: 5 })).map(
      (r) => r.orderId,
    );

  it("averages the last 30 India days and lists the latest ratings of 2 stars or fewer, newest first; a removed order leaves them", async ({
    shop,
    customer,
    admin,
    item,
  }) => {
    const now = new Date();
    const DAY = 24 * 60 * 60_000;
    const orders = await Promise.all([1, 2, 3, 4, 5].map(() => shop.deliveredOrder(customer.id, item)));
    const rows = [
      { orderId: orders[0], stars: 5, createdAt: new Date(now.getTime() - 60_000) },
      { orderId: orders[1], stars: 2, comment: "Soggy croutons", createdAt: now },
      { orderId: orders[2], stars: 1, comment: "Very late", createdAt: new Date(now.getTime() - 40 * DAY) },
      { orderId: orders[3], stars: 4, createdAt: new Date(now.getTime() - 29 * DAY + 60 * 60_000) },
      { orderId: orders[4], stars: 3, createdAt: new Date(now.getTime() - 31 * DAY) },
    ];
    for (const data of rows) await db().orderRating.create({ data });
    const figures = await ratingFigures(admin, now);
    expect({ ratings: figures.ratings, average: figures.average }).toEqual(await plainCount(now));
    expect(figures.low[0]).toEqual({
      orderId: orders[1],
      stars: 2,
      comment: "Soggy croutons",
      at: now.toISOString(),
      customer: "Asha Rao",
    });
    expect(figures.low.map((l) => l.orderId)).toEqual(await latestLow());
    expect(figures.low.map((l) => l.orderId)).not.toContain(orders[3]);

    // An order removed takes its rating, and the day's totals, with it.
    await db().order.delete({ where: { id: orders[1] } });
    const after = await ratingFigures(admin, now);
    expect({ ratings: after.ratings, average: after.average }).toEqual(await plainCount(now));
    expect(after.ratings).toBe(figures.ratings - 1);
    expect(after.low.map((l) => l.orderId)).toEqual(await latestLow());
    expect(after.low.map((l) => l.orderId)).not.toContain(orders[1]);
  });

  it("is for admins only", async ({ customer }) => {
    await expect(ratingFigures(customer)).rejects.toMatchObject({ status: 403 });
  });
});
