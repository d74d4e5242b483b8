import "@/tests/support/async-local-storage";
import { describe, expect } from "vitest";
import { test as it } from "./fixtures";
import { db } from "@/lib/db";
import { GET as listRoute } from "@/app/api/favourites/route";
import { DELETE as removeRoute, PUT as saveRoute } from "@/app/api/favourites/[menuItemId]/route";
import { GET as menuRoute } from "@/app/api/menu/route";
import { call, type Caller } from "@/tests/support/api";
import { writesNothing } from "./watch-writes";

// Favourites (product.md §13) through the route handlers on real PostgreSQL: a signed-in
// customer keeps bowls and lets them go, sees only their own, the latest kept first, each as the
// menu shapes it; signed out is 401 and an unknown item 404, and neither writes anything.

type Favourite = { id: string; menuItemId: string; savedAt: string; name: string; prices: Record<string, number>; available: boolean };

const save = (caller: Caller | undefined, menuItemId: string) =>
  call(saveRoute, "PUT", `/api/favourites/${menuItemId}`, { caller, params: { menuItemId } });
const remove = (caller: Caller | undefined, menuItemId: string) =>
  call(removeRoute, "DELETE", `/api/favourites/${menuItemId}`, { caller, params: { menuItemId } });
const list = async (caller: Caller) => {
  const reply = await call(listRoute, "GET", "/api/favourites", { caller });
  expect(reply.status, reply.text).toBe(200);
  return reply.json as Favourite[];
};

describe("favourites", () => {
  it("keeps a bowl as GET /api/menu shows it, with when it was kept; the latest first", async ({ customer, shop }) => {
    const [first, second] = [await shop.item(), await shop.item()];
    const before = Date.now();
    const kept = await save(customer, first);
    expect(kept.status, kept.text).toBe(200);
    expect((await save(customer, second)).status).toBe(200);

    const menu = (await call(menuRoute, "GET", "/api/menu")).json as Array<{ id: string }>;
    const favourites = await list(customer);
    expect(favourites.map((f) => f.menuItemId)).toEqual([second, first]);
    const shown = favourites[1];
    const { menuItemId, savedAt, ...asTheMenuHasIt } = shown;
    expect(asTheMenuHasIt).toEqual(menu.find((item) => item.id === first));
    expect(menuItemId).toBe(shown.id);
    expect(Date.parse(savedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(kept.json).toEqual(shown);
  });

  it("saving twice keeps the first time; removing twice is still 200 with a message", async ({ customer, item }) => {
    const first = (await save(customer, item)).json as Favourite;
    const again = await save(customer, item);
    expect(again.status).toBe(200);
    expect((again.json as Favourite).savedAt).toBe(first.savedAt);
    expect(await db().favourite.count({ where: { userId: customer.id } })).toBe(1);

    for (let i = 0; i < 2; i++) {
      const reply = await remove(customer, item);
      expect(reply.status, reply.text).toBe(200);
      expect(reply.json).toEqual({ message: "Removed from your favourites." });
    }
    expect(await list(customer)).toEqual([]);
  });

  it("many saves of one bowl at once: all 200, one favourite", async ({ customer, item }) => {
    const replies = await Promise.all(Array.from({ length: 8 }, () => save(customer, item)));
    expect(replies.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(new Set(replies.map((r) => (r.json as Favourite).savedAt)).size).toBe(1);
    expect(await db().favourite.count({ where: { userId: customer.id } })).toBe(1);
  });

  it("each customer sees and changes only their own", async ({ customer, newCaller, item }) => {
    const other = await newCaller();
    await save(customer, item);
    expect(await list(other)).toEqual([]);
    // Letting go of a bowl one never kept leaves the other's alone.
    expect((await remove(other, item)).status).toBe(200);
    expect((await list(customer)).map((f) => f.menuItemId)).toEqual([item]);
  });

  it("a sold-out bowl stays kept, shown sold out; a deleted one is gone", async ({ customer, shop }) => {
    const id = await shop.item();
    await save(customer, id);
    await db().menuItem.update({ where: { id }, data: { available: false } });
    expect((await list(customer)).map((f) => [f.menuItemId, f.available])).toEqual([[id, false]]);
    await db().menuItem.delete({ where: { id } });
    expect(await list(customer)).toEqual([]);
  });

  it("signed out: 401 for every call, nothing written", async ({ item }) => {
    await writesNothing(async () => {
      for (const reply of [await call(listRoute, "GET", "/api/favourites"), await save(undefined, item), await remove(undefined, item)]) {
        expect(reply.status, reply.text).toBe(401);
      }
    });
  });

  it("an unknown item: 404 to save or remove, nothing written", async ({ customer }) => {
    await writesNothing(async () => {
      for (const reply of [
        await save(customer, "no-such-item"),
        await remove(customer, "no-such-item"),
        await save(customer, "x".repeat(5000)),
      ]) {
        expect(reply.status, reply.text).toBe(404);
        expect(reply.json).toMatchObject({ error: "Menu item not found.", code: "not_found" });
      }
    });
  });
});
