import { call } from "@/tests/support/api";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { watchedShop } from "./watch-writes";
import { listApiRoutes, type ApiRoute } from "@/tests/support/api-routes";
import { makeCaller } from "@/tests/support/callers";
import { storedComplaint } from "@/tests/support/complaints";
import { storedOffer } from "@/tests/support/offers";
import { Named, neverFailsNorWritesOnRefusal, queryString, segment } from "@/tests/support/fuzz";
import { hostileHeader, hostileJson, hostileString, malformedBody, oversizedBody, spoiled, spoiledDeep } from "@/tests/support/hostile";
import { resetStore } from "@/tests/support/store";
import { db } from "@/lib/db";
import { PUT as putBusiness } from "@/app/api/store/business/route";
import { GET as salesCsv } from "@/app/api/reports/sales.csv/route";
import { GET as gstr1 } from "@/app/api/reports/gstr1/route";
import { GET as getInvoice } from "@/app/api/orders/[id]/invoice/route";
import { REGULAR_BUSINESS_BODY } from "@/tests/support/business-body";
import { sampleAddress } from "@/tests/support/address";

// Every route that takes a body, found on disk (a route added later is covered without being
// listed), next-auth's included: bodies that are not JSON, malformed JSON, JSON of any shape
// and bodies over 100 KB never get a 5xx, and a refusal writes nothing. Over 100 KB is 413
// for every route, before anything else is looked at (product.md §5). The caller is an
// admin (allowed everywhere) and the path names rows that exist, so the body is what decides.

const WRITES = ["POST", "PUT", "PATCH"] as const;

let routes: ApiRoute[] = [];
let params: Record<string, Record<string, string | string[]>> = {};

const shop = watchedShop("fuzz-every", async ({ fx, customer, admin }) => {
  routes = await listApiRoutes();
  const item = await fx.item();
  const order = await fx.order(customer.id, item);
  const token = await fx.token(customer.id, "reset_password");
  const delivered = await fx.deliveredOrder(customer.id, item);
  const refund = await db().refund.create({
    data: { orderId: delivered, amount: 10, reason: "Fuzz", method: "cash", status: "processed", processedAt: new Date() },
  });
  const complaint = await storedComplaint(customer.id);
  // The caller's own: another's address is not found, whatever the body.
  const address = await db().savedAddress.create({ data: { ...sampleAddress("Fuzz"), label: "Home", userId: admin.id } });
  const offer = await storedOffer();
  const rider = await makeCaller("rider");
  fx.adopt(rider.id);
  params = {
    "/api/addresses/[id]": { id: address.id },
    "/api/complaints/[id]": { id: complaint.id },
    "/api/favourites/[menuItemId]": { menuItemId: item },
    "/api/menu/[id]": { id: item },
    "/api/offers/[id]": { id: offer.id },
    "/api/orders/[id]": { id: order },
    "/api/orders/[id]/payment": { id: order },
    "/api/orders/[id]/checkout": { id: order },
    "/api/orders/[id]/refund": { id: delivered },
    "/api/orders/[id]/rating": { id: delivered },
    // Pending: a handover code of any shape is refused before a wrong one would be counted.
    "/api/orders/[id]/handover": { id: order },
    "/api/orders/[id]/pickup": { id: order },
    "/api/riders/[id]/settlements": { id: rider.id },
    "/api/orders/[id]/reorder": { id: delivered },
    "/api/orders/[id]/refunds/[refundId]/retry": { id: delivered, refundId: refund.id },
    "/api/users/[id]": { id: customer.id },
    "/api/users/[id]/cancel-open-orders": { id: customer.id },
    "/api/reset-password/[token]": { token },
    "/api/auth/[...nextauth]": { nextauth: ["signout"] },
  };
});

/** Admin everywhere, but signed out for logout: it would end the admin's session for the rest. */
const callerFor = (route: string) => (route === "/api/logout" ? undefined : shop.admin);

/** The concrete path for a route, with the fixture rows in its dynamic segments. */
function pathOf(route: string): string {
  const p = params[route] ?? {};
  return route.replace(/\[(?:\.\.\.)?(\w+)\]/g, (_, name: string) => [p[name] ?? ""].flat().join("/"));
}

function writeRoutes() {
  return routes.flatMap((r) =>
    WRITES.filter((m) => r.handlers[m]).map((method) => ({ method, route: r.route, handler: r.handlers[method]! })),
  );
}

/** One of them, printed as "POST /api/login" in a counterexample. */
const targets = () => fc.constantFrom(...writeRoutes()).map((t) => new Named(`${t.method} ${t.route}`, t));

describe("the database digest the properties rely on", () => {
  it("moves on an insert, an update that changes nothing and a delete, and not on a locking read", async () => {
    const before = await shop.digest.take();
    const user = await makeCaller("user");
    const inserted = await shop.digest.take();
    expect(inserted.users).not.toBe(before.users);
    await db().user.update({ where: { id: user.id }, data: { name: user.name } });
    const updated = await shop.digest.take();
    expect(updated.users).not.toBe(inserted.users);
    await db().$queryRaw`SELECT id FROM users WHERE id = ${user.id} FOR UPDATE`;
    expect(await shop.digest.take()).toEqual(updated);
    await db().user.delete({ where: { id: user.id } });
    expect((await shop.digest.take()).users).not.toBe(updated.users);
  });
});

describe("every route that takes a body", () => {
  it("is found on disk", () => {
    expect(writeRoutes().length).toBeGreaterThan(10);
    expect(writeRoutes().map((t) => `${t.method} ${t.route}`)).toContain("PUT /api/store/business");
    for (const { route } of writeRoutes()) if (route.includes("[")) expect(params[route], `fixture params for ${route}`).toBeDefined();
  });

  it("malformed or any-shaped JSON: never 5xx, a refusal writes nothing", async () => {
    await neverFailsNorWritesOnRefusal(
      shop.digest,
      fc.record({
        target: targets(),
        body: fc.oneof(
          malformedBody,
          hostileJson.map((v) => JSON.stringify(v) ?? ""),
        ),
      }),
      ({ target: { value: t }, body }) =>
        call(t.handler, t.method, pathOf(t.route), { caller: callerFor(t.route), params: params[t.route], raw: body }),
      { numRuns: 300 },
    );
  });

  it("over 100 KB: 413, declared (Content-Length) or not (chunked), unless the route reads no body at all", async () => {
    await neverFailsNorWritesOnRefusal(
      shop.digest,
      fc.record({ target: targets(), body: oversizedBody, declared: fc.boolean() }),
      async ({ target: { value: t }, body, declared }) => {
        const reply = await call(t.handler, t.method, pathOf(t.route), {
          caller: callerFor(t.route),
          params: params[t.route],
          raw: body,
          headers: declared ? {} : { "content-length": null, "transfer-encoding": "chunked" },
        });
        // A handler that never reads the body (logout) cannot see its size; the HTTP server in
        // front of Next refuses it there (server/front.ts). It must answer as if none came.
        if (reply.status !== 413) {
          const bare = await call(t.handler, t.method, pathOf(t.route), { caller: callerFor(t.route), params: params[t.route] });
          expect(reply.status, `${t.method} ${t.route} took a body over 100 KB: ${reply.text.slice(0, 200)}`).toBe(bare.status);
        }
        return reply;
      },
      { numRuns: 30 },
    );
  });

  it("any Origin, Sec-Fetch-Site, Content-Type and X-Forwarded-For: never 5xx; another site's Origin is 403, text/plain is 415", async () => {
    const origin = fc.option(
      fc.oneof(
        fc.constantFrom("same", "https://evil.example", "null", "http://localhost:3001", "http://localhost:3000.evil.example"),
        hostileHeader,
      ),
      { nil: undefined },
    );
    const type = fc.oneof(
      fc.constantFrom(
        "application/json",
        "application/json; charset=utf-8",
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        "application/json; charset=latin1",
        "APPLICATION/JSON",
        "application/jsonp",
        "",
      ),
      hostileHeader,
    );
    await neverFailsNorWritesOnRefusal(
      shop.digest,
      fc.record({
        target: targets(),
        origin,
        type,
        site: fc.constantFrom(undefined, "same-origin", "cross-site", "none"),
        forwarded: fc.option(hostileHeader, { nil: undefined }),
      }),
      async ({ target: { value: t }, origin, type, site, forwarded }) => {
        const headers: Record<string, string | null> = { "content-type": type };
        // A forged or nonsensical forwarding chain, e.g. 300 characters or "::1, ::1".
        if (forwarded !== undefined) headers["x-forwarded-for"] = forwarded;
        // "same" keeps the helper's own Origin; undefined is a client that sends none (curl).
        if (origin !== "same") headers.origin = origin ?? null;
        if (site) headers["sec-fetch-site"] = site;
        const reply = await call(t.handler, t.method, pathOf(t.route), {
          caller: callerFor(t.route),
          params: params[t.route],
          raw: "{}",
          headers,
        });
        if (origin === "https://evil.example" || site === "cross-site")
          expect(reply.status, `${t.method} ${t.route} from another site`).toBe(403);
        else if (type === "text/plain" && (origin === "same" || origin === undefined))
          expect(reply.status, `${t.method} ${t.route} as text/plain`).toBe(415);
        return reply;
      },
      { numRuns: 150 },
    );
  });
});

// The order's bill (product.md §11) takes no body: its id is what a client controls. Any id,
// also one of an order not delivered yet, is a 404 with its message, never a 5xx.
describe("GET /api/orders/{id}/invoice", () => {
  it("any id: 404 or the bill, never 5xx", async () => {
    await neverFailsNorWritesOnRefusal(
      shop.digest,
      fc.oneof(hostileString, fc.constant(params["/api/orders/[id]"]?.id as string)),
      (id) => call(getInvoice, "GET", `/api/orders/${segment(id)}/invoice`, { caller: shop.admin, params: { id } }),
      { numRuns: 60, check: (reply) => expect(reply.status).toBe(404) },
    );
  });
});

// The business details (product.md §11) are many fields, each with its own rule: a valid body
// with one part spoiled reaches the checks behind the first (the GSTIN against the state and the
// regime, the grievance officer's parts). Taken or refused, never a 5xx.
describe("PUT /api/store/business", () => {
  const valid = REGULAR_BUSINESS_BODY;

  afterAll(resetStore);

  it("a valid body with one part spoiled: 200 or 400, and a refusal writes nothing", async () => {
    await neverFailsNorWritesOnRefusal(
      shop.digest,
      fc.oneof(spoiledDeep(valid), spoiled(valid)),
      (body) => call(putBusiness, "PUT", "/api/store/business", { caller: shop.admin, body }),
      {
        numRuns: 200,
        check: (reply) => expect([200, 400], reply.text).toContain(reply.status),
      },
    );
  });
});

// The reports (product.md §11) take their input from the query string: dates and months of any
// shape, near misses of the real ones included (31 November, month 13, year 9999, a range a day
// too long). Answered 200 or 400 naming the field it read wrong, never a 5xx, nothing written.
describe("GET /api/reports/*", () => {
  const day = fc.oneof(
    hostileString,
    fc.constantFrom(
      "2026-11-31",
      "2026-02-29",
      "2028-02-29",
      "9999-12-31",
      "2016-12-31",
      "0000-01-01",
      "2026-1-1",
      "26-11-01",
      "2026-11-01T00:00",
    ),
    fc.date({ noInvalidDate: true, min: new Date("1990-01-01"), max: new Date("9999-12-31") }).map((d) => d.toISOString().slice(0, 10)),
  );
  const month = fc.oneof(
    hostileString,
    fc.constantFrom("2026-00", "2026-13", "9999-12", "2016-12", "2026-1", "2026-11-01", " 2026-11 "),
    fc.tuple(fc.integer({ min: 1990, max: 10_000 }), fc.integer({ min: 0, max: 13 })).map(([y, m]) => `${y}-${String(m).padStart(2, "0")}`),
  );
  const read = (reply: { status: number; json: unknown }, fields: string[]) => {
    expect([200, 400]).toContain(reply.status);
    if (reply.status === 400) expect(fields).toContain((reply.json as { field?: string }).field);
  };

  it("sales.csv: any from and to", async () => {
    await neverFailsNorWritesOnRefusal(
      shop.digest,
      fc.record({ from: day, to: day }, { requiredKeys: [] }),
      (query) => call(salesCsv, "GET", `/api/reports/sales.csv?${queryString(query)}`, { caller: shop.admin }),
      { numRuns: 150, check: (reply) => read(reply, ["from", "to"]), examples: [{ from: "2026-01-01", to: "2027-01-02" }] },
    );
  });

  it("gstr1: any month", async () => {
    await neverFailsNorWritesOnRefusal(
      shop.digest,
      fc.record({ month }, { requiredKeys: [] }),
      (query) => call(gstr1, "GET", `/api/reports/gstr1?${queryString(query)}`, { caller: shop.admin }),
      { numRuns: 150, check: (reply) => read(reply, ["month"]) },
    );
  });
});
