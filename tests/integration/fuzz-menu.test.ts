import { call } from "@/tests/support/api";
import fc from "fast-check";
import { describe, it } from "vitest";
import { watchedShop } from "./watch-writes";
import {
  malformedBodiesNeverFail,
  Named,
  neverFailsNorWritesOnRefusal,
  oneOf,
  oversizedBodiesGet413,
  queryString,
  segment,
} from "@/tests/support/fuzz";
import { hostileJson, hostileNumber, hostileParam, hostileString, spoiled, spoiledDeep } from "@/tests/support/hostile";
import { GET as menuRoute, POST as createRoute } from "@/app/api/menu/route";
import { DELETE as deleteRoute, PUT as updateRoute } from "@/app/api/menu/[id]/route";

// Property: the menu API never answers 5xx, and a refusal writes nothing, whatever an admin
// (or anyone else) sends as an item, an item id or a search (product.md §5).

let item = "";
const shop = watchedShop("fuzz-menu", async ({ fx }) => {
  item = await fx.item();
});

const validItem = () => ({
  name: "Fuzzed bowl",
  description: "Greens, <b>bold</b> & zesty",
  category: shop.fx.category.slug,
  price: 159,
  prices: { small: 159, medium: 209, large: 259 },
  image: "https://images.example.com/bowl.jpg",
  available: true,
});

const who = () => oneOf(() => ({ customer: shop.customer, admin: shop.admin }), ["admin", "admin", "admin", "customer", "signedOut"]);

const itemBody = () =>
  fc.oneof(
    { weight: 4, arbitrary: spoiledDeep(validItem()) },
    { weight: 2, arbitrary: spoiled(validItem()) },
    {
      weight: 1,
      arbitrary: fc.record({
        name: hostileString,
        price: fc.oneof(hostileNumber, hostileString),
        category: fc.constantFrom(shop.fx.category.slug, shop.fx.category.id, "Veg Salads"),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        ...Object.fromEntries(Object.entries(validItem()).map(([k, v]) => [k, fc.constant(v)])),
        image: hostileString,
      }),
    },
    { weight: 1, arbitrary: hostileJson },
  );

describe("POST /api/menu", () => {
  it("any JSON body", async () => {
    await neverFailsNorWritesOnRefusal(
      shop.digest,
      fc.record({ who: who(), body: itemBody() }),
      ({ who: { value: caller }, body }) => call(createRoute, "POST", "/api/menu", { caller, body }),
      {
        numRuns: 300,
        // A NUL in the category or the image reached PostgreSQL, which refused the query: 500.
        examples: [
          { who: new Named("admin", shop.admin), body: { ...validItem(), category: "a\u0000" } },
          { who: new Named("admin", shop.admin), body: { ...validItem(), image: "/a\u0000b" } },
        ],
      },
    );
  });

  it("malformed bodies", async () => {
    await malformedBodiesNeverFail(shop.digest, (raw) => call(createRoute, "POST", "/api/menu", { caller: shop.admin, raw }), 100);
  });

  it("bodies over 100 KB get 413", async () => {
    await oversizedBodiesGet413(shop.digest, (raw) => call(createRoute, "POST", "/api/menu", { caller: shop.admin, raw }), 10);
  });
});

describe("PUT and DELETE /api/menu/{id}", () => {
  const id = () => fc.oneof(hostileParam, fc.constant(item));
  const change = () => fc.oneof(itemBody(), spoiled({ available: false }), spoiled({ prices: { small: 1, medium: 2, large: 100_000 } }));

  it("any id and body", async () => {
    await neverFailsNorWritesOnRefusal(
      shop.digest,
      fc.record({ who: who(), id: id(), body: change() }),
      ({ who: { value: caller }, id, body }) => call(updateRoute, "PUT", `/api/menu/${segment(id)}`, { caller, params: { id }, body }),
      { numRuns: 300, examples: [{ who: new Named("admin", shop.admin), id: "\u0000", body: { available: false } }] },
    );
  });

  it("malformed bodies", async () => {
    await malformedBodiesNeverFail(
      shop.digest,
      (raw) => call(updateRoute, "PUT", `/api/menu/${item}`, { caller: shop.admin, params: { id: item }, raw }),
      100,
    );
  });

  it("any id to delete (never the item itself: it is needed above)", async () => {
    await neverFailsNorWritesOnRefusal(
      shop.digest,
      fc.record({ who: who(), id: hostileParam }),
      ({ who: { value: caller }, id }) => call(deleteRoute, "DELETE", `/api/menu/${segment(id)}`, { caller, params: { id } }),
      { numRuns: 150, examples: [{ who: new Named("admin", shop.admin), id: "\u0000" }] },
    );
  });
});

describe("GET /api/menu?search=&category=", () => {
  it("any query", async () => {
    const value = fc.oneof(hostileString, fc.constantFrom("veg-salads", "Chicken", "%", "_", "\\", "*"));
    await neverFailsNorWritesOnRefusal(
      shop.digest,
      fc.dictionary(fc.constantFrom("search", "category", "__proto__", "diet", "free"), value, { maxKeys: 3 }),
      (query) => call(menuRoute, "GET", `/api/menu?${queryString(query)}`),
      // A NUL in the search, or in the category of a search, reached PostgreSQL, which refused the query: 500.
      { numRuns: 150, examples: [{ search: "a\u0000b" }, { search: "bowl", category: "a\u0000b" }] },
    );
  });
});
