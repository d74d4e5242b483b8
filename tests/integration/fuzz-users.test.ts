import { call, type Caller } from "@/tests/support/api";
import fc from "fast-check";
import { afterAll, beforeAll, describe, it } from "vitest";
import { stopWatching, watchWrites } from "./watch-writes";
import { makeCaller } from "@/tests/support/callers";
import type { Fingerprinter } from "@/tests/support/db-fingerprint";
import { Named, neverFailsNorWritesOnRefusal, oneOf, segment } from "@/tests/support/fuzz";
import { hostileJson, hostileParam, malformedBody, spoiled } from "@/tests/support/hostile";
import { shopFixtures, type ShopFixtures } from "@/tests/support/shop-fixtures";
import { PATCH as patchRoute } from "@/app/api/users/[id]/route";

// Property: PATCH /api/users/{id} never answers 5xx, and a refusal writes nothing, whatever
// the id or the body (product.md §5).

let fx: ShopFixtures;
let digest: Fingerprinter;
let customer: Caller;
let admin: Caller;
let target: Caller;

beforeAll(async () => {
  fx = await shopFixtures("fuzz-users");
  [customer, admin, target] = await Promise.all([makeCaller("user"), makeCaller("admin"), makeCaller("user")]);
  for (const c of [customer, admin, target]) fx.adopt(c.id);
  digest = await watchWrites();
});

afterAll(async () => {
  await stopWatching(digest);
  await fx?.cleanUp();
});

describe("PATCH /api/users/{id}", () => {
  const who = () => oneOf(() => ({ customer, admin }), ["admin", "admin", "admin", "customer", "signedOut"]);
  const id = () =>
    fc.oneof(hostileParam, fc.constantFrom("target", "self")).map((v) => (v === "target" ? target.id : v === "self" ? admin.id : v));

  it("any id and body", async () => {
    await neverFailsNorWritesOnRefusal(
      digest,
      fc.record({
        who: who(),
        id: id(),
        body: fc.oneof(fc.constantFrom({ role: "admin" }, { role: "user" }), spoiled({ role: "admin" }), hostileJson),
      }),
      ({ who: { value: caller }, id, body }) => call(patchRoute, "PATCH", `/api/users/${segment(id)}`, { caller, params: { id }, body }),
      // A NUL in the id reached PostgreSQL, which refused the query: 500.
      { numRuns: 250, examples: [{ who: new Named<Caller | undefined>("admin", admin), id: "a\u0000", body: { role: "admin" } }] },
    );
  });

  it("malformed bodies", async () => {
    await neverFailsNorWritesOnRefusal(
      digest,
      malformedBody,
      (raw) => call(patchRoute, "PATCH", `/api/users/${target.id}`, { caller: admin, params: { id: target.id }, raw }),
      {
        numRuns: 80,
      },
    );
  });
});
