import { call, type Caller } from "@/tests/support/api";
import fc from "fast-check";
import { describe, it } from "vitest";
import { watchedShop } from "./watch-writes";
import { makeCaller } from "@/tests/support/callers";
import { malformedBodiesNeverFail, Named, neverFailsNorWritesOnRefusal, oneOf, segment } from "@/tests/support/fuzz";
import { hostileJson, hostileParam, spoiled } from "@/tests/support/hostile";
import { PATCH as patchRoute } from "@/app/api/users/[id]/route";
import { POST as cancelOpenRoute } from "@/app/api/users/[id]/cancel-open-orders/route";

// Property: PATCH /api/users/{id} and POST /api/users/{id}/cancel-open-orders never answer 5xx,
// and a refusal writes nothing, whatever the id or the body (product.md §5).

/** The account whose role the admin changes. */
let target: Caller;
const shop = watchedShop("fuzz-users", async ({ fx }) => {
  target = await makeCaller("user");
  fx.adopt(target.id);
  // Open orders for the bulk cancel to find.
  const item = await fx.item();
  await Promise.all([fx.order(target.id, item), fx.order(target.id, item)]);
});

describe("PATCH /api/users/{id}", () => {
  const who = () => oneOf(() => ({ customer: shop.customer, admin: shop.admin }), ["admin", "admin", "admin", "customer", "signedOut"]);
  const id = () =>
    fc.oneof(hostileParam, fc.constantFrom("target", "self")).map((v) => (v === "target" ? target.id : v === "self" ? shop.admin.id : v));
  const roleChange = () => fc.oneof(fc.constantFrom({ role: "admin" }, { role: "user" }), spoiled({ role: "admin" }), hostileJson);

  it("any id and body", async () => {
    await neverFailsNorWritesOnRefusal(
      shop.digest,
      fc.record({ who: who(), id: id(), body: roleChange() }),
      ({ who: { value: caller }, id, body }) => call(patchRoute, "PATCH", `/api/users/${segment(id)}`, { caller, params: { id }, body }),
      // A NUL in the id reached PostgreSQL, which refused the query: 500.
      { numRuns: 250, examples: [{ who: new Named<Caller | undefined>("admin", shop.admin), id: "a\u0000", body: { role: "admin" } }] },
    );
  });

  it("malformed bodies", async () => {
    await malformedBodiesNeverFail(
      shop.digest,
      (raw) => call(patchRoute, "PATCH", `/api/users/${target.id}`, { caller: shop.admin, params: { id: target.id }, raw }),
      80,
    );
  });
});

describe("POST /api/users/{id}/cancel-open-orders", () => {
  const who = () => oneOf(() => ({ customer: shop.customer, admin: shop.admin }), ["admin", "admin", "admin", "customer", "signedOut"]);
  const id = () => fc.oneof(hostileParam, fc.constantFrom("target")).map((v) => (v === "target" ? target.id : v));

  it("any id", async () => {
    await neverFailsNorWritesOnRefusal(
      shop.digest,
      fc.record({ who: who(), id: id() }),
      ({ who: { value: caller }, id }) =>
        call(cancelOpenRoute, "POST", `/api/users/${segment(id)}/cancel-open-orders`, { caller, params: { id } }),
      { numRuns: 150, examples: [{ who: new Named<Caller | undefined>("admin", shop.admin), id: "a\u0000" }] },
    );
  });
});
