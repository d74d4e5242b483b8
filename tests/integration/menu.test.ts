import { randomBytes } from "node:crypto";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { hashPassword } from "@/lib/auth/password";
import { seedMenuIfEmpty } from "@/lib/bootstrap/seed";
import { getPopularItems, listMenu } from "@/lib/menu/queries";
import { menuQueryFrom } from "@/lib/menu/query";
import type { ApiMenuItem } from "@/lib/menu/types";
import { catalogue } from "@/prisma/catalogue";
import { POST as login } from "@/app/api/login/route";
import { GET as getMenu, POST as postMenu } from "@/app/api/menu/route";
import { DELETE as deleteItem, PUT as putItem } from "@/app/api/menu/[id]/route";
import { randomIp } from "@/tests/support/api";
import type { Role } from "@/lib/auth/types";
import { storedOrder } from "@/tests/support/stored-order";
import { DRESSING_GROUP, groupsInBrief } from "@/tests/support/option-groups";
import { expiredTags } from "@/tests/support/next-cache";
import { deleteOrders } from "@/tests/support/delete-orders";

const PASSWORD = "salad-bowl-tester-91";
const BASE = "http://localhost/api/menu";

let adminToken: string;
let userToken: string;
/** Items and accounts this file made, removed afterwards. */
const created: string[] = [];
const users: string[] = [];

async function createUser(role: Role) {
  const email = `${role}.${randomBytes(5).toString("hex")}@example.com`;
  const user = await db().user.create({
    data: { name: `Menu ${role}`, email, role, passwordHash: await hashPassword(PASSWORD), emailConfirmedAt: new Date() },
  });
  users.push(user.id);
  const res = await login(
    new NextRequest("http://localhost/api/login", {
      method: "POST",
      body: JSON.stringify({ email, password: PASSWORD }),
      headers: { "content-type": "application/json", "x-forwarded-for": randomIp() },
    }),
    {},
  );
  expect(res.status).toBe(200);
  const { token } = (await res.json()) as { token: string };
  return { user, token };
}

function request(method: string, url: string, token?: string, body?: unknown) {
  const headers: Record<string, string> = { "x-forwarded-for": randomIp() };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  return new NextRequest(url, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
}

const ctx = (id: string) => ({ params: Promise.resolve({ id }) });

async function fetchMenu(query = ""): Promise<ApiMenuItem[]> {
  const res = await getMenu(request("GET", `${BASE}${query}`), {});
  expect(res.status).toBe(200);
  return (await res.json()) as ApiMenuItem[];
}

async function create(body: Record<string, unknown>) {
  const res = await postMenu(request("POST", BASE, adminToken, body), {});
  const json = await res.json();
  if (res.status === 201) created.push(json.id);
  return { status: res.status, json };
}

beforeAll(async () => {
  await seedMenuIfEmpty(db());
  adminToken = (await createUser("admin")).token;
  userToken = (await createUser("user")).token;
});

afterAll(async () => {
  // Other files share this database: leave it as it was found (orders would skew their totals).
  await deleteOrders({ userId: { in: users } });
  await db().user.deleteMany({ where: { id: { in: users } } });
  await db().menuItem.deleteMany({ where: { id: { in: created } } });
});

const seeded = new Map(catalogue.flatMap((c) => c.items.map((i) => [i.slug, { ...i, category: c.name }] as const)));

describe("GET /api/menu", () => {
  it("lists the 18 seeded salads in the contract's shape, 8/6/4 per category, priced 119..269", async () => {
    const items = await fetchMenu();
    const fromSeed = items.filter((i) => seeded.has(i.slug));
    expect(fromSeed).toHaveLength(18);
    const perCategory = Object.fromEntries(
      ["Chicken Salads", "Veg Salads", "Egg Salads"].map((name) => [name, fromSeed.filter((i) => i.category === name).length]),
    );
    expect(perCategory).toEqual({ "Chicken Salads": 8, "Veg Salads": 6, "Egg Salads": 4 });

    for (const item of fromSeed) {
      const seed = seeded.get(item.slug)!;
      expect(Object.keys(item).sort()).toEqual([
        "_id",
        "allergens",
        "available",
        "category",
        "description",
        "diet",
        "id",
        "image",
        "name",
        "nutrition",
        "optionGroups",
        "price",
        "prices",
        "slug",
      ]);
      expect(item._id).toBe(item.id);
      expect(item).toMatchObject({
        name: seed.name,
        description: seed.description,
        category: seed.category,
        price: seed.prices[0],
        prices: { small: seed.prices[0], medium: seed.prices[1], large: seed.prices[2] },
        image: `/images/salads/${item.slug}.svg`,
        available: true,
      });
    }
    const all = fromSeed.flatMap((i) => [i.prices.small, i.prices.medium, i.prices.large]);
    expect(Math.min(...all)).toBe(119);
    expect(Math.max(...all)).toBe(269);
  });

  it("keeps menu order: categories by position, items by position", async () => {
    const slugs = (await fetchMenu()).filter((i) => seeded.has(i.slug)).map((i) => i.slug);
    expect(slugs).toEqual(catalogue.flatMap((c) => c.items.map((i) => i.slug)));
  });

  it("filters by ?search and ?category", async () => {
    expect((await fetchMenu("?search=CAESAR")).map((i) => i.name).sort()).toEqual(["Egg Caesar Salad", "Grilled Chicken Caesar"]);
    const veg = await fetchMenu("?category=veg-salads");
    expect(veg.filter((i) => seeded.has(i.slug))).toHaveLength(6);
    expect(new Set(veg.map((i) => i.category))).toEqual(new Set(["Veg Salads"]));
  });
});

describe("listMenu", () => {
  // As /api/menu and /menu read it: the query string, parsed once (lib/menu/query.ts).
  const menuFor = (params: Record<string, string>) => listMenu(menuQueryFrom(new URLSearchParams(params)));

  it("searches name and description case-insensitively", async () => {
    const byDescription = await menuFor({ search: "TAHINI" });
    expect(byDescription.flatMap((g) => g.items.map((i) => i.name))).toEqual(["Egg & Avocado Protein Bowl"]);
    const byName = await menuFor({ search: "greek" });
    expect(byName.flatMap((g) => g.items.map((i) => i.name))).toEqual(["Classic Greek Salad"]);
  });

  it("groups results by category in position order and drops empty categories", async () => {
    const groups = await menuFor({ search: "caesar" });
    expect(groups.map((g) => g.category.name)).toEqual(["Chicken Salads", "Egg Salads"]);
  });

  it("ignores a blank search", async () => {
    const all = await listMenu();
    const blank = await menuFor({ search: "   " });
    expect(blank).toEqual(all);
    expect(all.map((g) => g.category.slug)).toEqual(["chicken-salads", "veg-salads", "egg-salads"]);
  });

  it("filters by category slug, alone or with a search", async () => {
    const egg = await menuFor({ category: "egg-salads" });
    expect(egg).toHaveLength(1);
    expect(egg[0].items.filter((i) => seeded.has(i.slug))).toHaveLength(4);
    const eggCaesar = await menuFor({ category: "egg-salads", search: "caesar" });
    expect(eggCaesar.flatMap((g) => g.items.map((i) => i.name))).toEqual(["Egg Caesar Salad"]);
    expect(await menuFor({ category: "no-such-category" })).toEqual([]);
  });

  it("cuts search text to 100 characters", async () => {
    // Only the first 100 characters are searched: text past them is never looked at.
    const matchesAfterCut = await menuFor({ search: `${"x".repeat(100)}caesar` });
    expect(matchesAfterCut).toEqual([]);
    const kept = await menuFor({ search: `caesar${" ".repeat(94)}zzzz` });
    expect(kept.flatMap((g) => g.items.map((i) => i.name)).sort()).toEqual(["Egg Caesar Salad", "Grilled Chicken Caesar"]);
  });

  it("treats LIKE wildcards in the search as plain text", async () => {
    expect(await menuFor({ search: "%" })).toEqual([]);
    expect(await menuFor({ search: "_" })).toEqual([]);
    expect(await menuFor({ search: "\\" })).toEqual([]);
    const { json } = await create({ name: "100% Green_Bowl", price: 150, category: "Veg Salads" });
    expect((await menuFor({ search: "0% green_" })).flatMap((g) => g.items.map((i) => i.id))).toEqual([json.id]);
  });
});

describe("POST /api/menu", () => {
  it("needs a signed-in admin: 401 signed out, 403 for a customer", async () => {
    const body = { name: "Sneaky Bowl", price: 150, category: "Veg Salads" };
    expect((await postMenu(request("POST", BASE, undefined, body), {})).status).toBe(401);
    const forbidden = await postMenu(request("POST", BASE, userToken, body), {});
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toHaveProperty("error");
    expect(await db().menuItem.count({ where: { name: "Sneaky Bowl" } })).toBe(0);
  });

  it("creates an item from the old client's single price: Medium +40, Large +80, placeholder image", async () => {
    const { status, json } = await create({ name: "Crunchy Sprout Bowl", price: 129, category: "Veg Salads", role: "admin", id: "forged" });
    expect(status).toBe(201);
    expect(json).toMatchObject({
      slug: "crunchy-sprout-bowl",
      name: "Crunchy Sprout Bowl",
      description: "",
      category: "Veg Salads",
      price: 129,
      prices: { small: 129, medium: 169, large: 209 },
      image: "/images/placeholder-salad.svg",
      available: true,
    });
    expect(json.id).not.toBe("forged");
    expect(json._id).toBe(json.id);
    expect(json).not.toHaveProperty("role");
    const listed = await fetchMenu("?category=veg-salads");
    expect(listed.at(-1)).toEqual(json);
  });

  it("takes all three prices, a category slug, an https image and availability", async () => {
    const { status, json } = await create({
      name: "Smoked Paneer Bowl",
      category: "veg-salads",
      prices: { small: 150, medium: "190", large: 240 },
      image: "https://images.example.com/paneer.jpg",
      description: "Smoky paneer.",
      available: false,
    });
    expect(status).toBe(201);
    expect(json).toMatchObject({
      category: "Veg Salads",
      price: 150,
      prices: { small: 150, medium: 190, large: 240 },
      image: "https://images.example.com/paneer.jpg",
      available: false,
    });
  });

  it("makes slugs unique", async () => {
    const first = await create({
      name: "Zoë's Crunch & Munch!",
      price: 140,
      category: "Egg Salads",
      image: "/images/salads/egg-cobb-salad.svg",
    });
    const second = await create({ name: "Zoë's Crunch & Munch!", price: 140, category: "Egg Salads" });
    expect(first.json.slug).toBe("zoe-s-crunch-and-munch");
    expect(second.json.slug).toBe("zoe-s-crunch-and-munch-2");
    expect(first.json.image).toBe("/images/salads/egg-cobb-salad.svg");
  });

  it.each([
    ["missing name", { price: 150, category: "Veg Salads" }, "name"],
    ["blank name", { name: "   ", price: 150, category: "Veg Salads" }, "name"],
    ["missing price", { name: "No Price", category: "Veg Salads" }, "price"],
    ["non-numeric price", { name: "Bad Price", price: "abc", category: "Veg Salads" }, "price"],
    ["fractional price", { name: "Bad Price", price: 149.5, category: "Veg Salads" }, "price"],
    ["zero price", { name: "Bad Price", price: 0, category: "Veg Salads" }, "price"],
    ["too high a price", { name: "Bad Price", price: 100001, category: "Veg Salads" }, "price"],
    ["a bad portion price", { name: "Bad Price", prices: { small: 100, medium: -5, large: 200 }, category: "Veg Salads" }, "prices.medium"],
    ["javascript: image", { name: "Bad Image", price: 150, category: "Veg Salads", image: "javascript:alert(1)" }, "image"],
    ["http: image", { name: "Bad Image", price: 150, category: "Veg Salads", image: "http://example.com/a.png" }, "image"],
    ["protocol-relative image", { name: "Bad Image", price: 150, category: "Veg Salads", image: "//evil.example/a.png" }, "image"],
    ["missing category", { name: "No Category", price: 150 }, "category"],
    ["unknown category", { name: "Odd Category", price: 150, category: "Soups" }, "category"],
    // LIKE's wildcards and escape are plain text in a category's name.
    ["a wildcard for a category", { name: "Odd Category", price: 150, category: "%" }, "category"],
    ["a category of one backslash", { name: "Odd Category", price: 150, category: "\\" }, "category"],
    ["a category name with a wildcard", { name: "Odd Category", price: 150, category: "Veg_Salads" }, "category"],
    ["non-boolean available", { name: "Odd", price: 150, category: "Veg Salads", available: "yes" }, "available"],
  ])("400 for %s, naming the field", async (_label, body, field) => {
    const res = await postMenu(request("POST", BASE, adminToken, body), {});
    expect(res.status).toBe(400);
    const json = (await res.json()) as { error: string; field?: string };
    expect(json.field).toBe(field);
    expect(json.error.toLowerCase()).toContain(field.split(".").pop());
  });

  it("400 for malformed JSON, never a 500", async () => {
    const res = await postMenu(request("POST", BASE, adminToken, "{not json"), {});
    expect(res.status).toBe(400);
  });
});

describe("PUT /api/menu/{id}", () => {
  it("needs a signed-in admin", async () => {
    const { json } = await create({ name: "Guarded Bowl", price: 150, category: "Veg Salads" });
    expect((await putItem(request("PUT", `${BASE}/${json.id}`, undefined, { available: false }), ctx(json.id))).status).toBe(401);
    expect((await putItem(request("PUT", `${BASE}/${json.id}`, userToken, { available: false }), ctx(json.id))).status).toBe(403);
    expect((await db().menuItem.findUniqueOrThrow({ where: { id: json.id } })).available).toBe(true);
  });

  it("changes only the fields sent and shows them in the menu", async () => {
    const { json } = await create({
      name: "Editable Bowl",
      prices: { small: 150, medium: 199, large: 260 },
      category: "Veg Salads",
      description: "Before.",
    });
    const res = await putItem(
      request("PUT", `${BASE}/${json.id}`, adminToken, { available: false, name: "Edited Bowl", extra: true }),
      ctx(json.id),
    );
    expect(res.status).toBe(200);
    const updated = (await res.json()) as ApiMenuItem;
    expect(updated).toMatchObject({
      id: json.id,
      slug: "editable-bowl",
      name: "Edited Bowl",
      description: "Before.",
      available: false,
      prices: { small: 150, medium: 199, large: 260 },
    });
    expect((await fetchMenu()).find((i) => i.id === json.id)).toEqual(updated);
  });

  it("re-derives Medium and Large from `price`, moves categories, and resets an empty image", async () => {
    const { json } = await create({ name: "Moving Bowl", price: 150, category: "Veg Salads", image: "/images/salads/egg-cobb-salad.svg" });
    const res = await putItem(
      request("PUT", `${BASE}/${json.id}`, adminToken, { price: 175, category: "Egg Salads", image: "" }),
      ctx(json.id),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      price: 175,
      prices: { small: 175, medium: 215, large: 255 },
      category: "Egg Salads",
      image: "/images/placeholder-salad.svg",
    });
  });

  it("400 for invalid fields, 404 for an unknown id", async () => {
    const { json } = await create({ name: "Strict Bowl", price: 150, category: "Veg Salads" });
    const bad = await putItem(request("PUT", `${BASE}/${json.id}`, adminToken, { image: "javascript:alert(1)" }), ctx(json.id));
    expect(bad.status).toBe(400);
    expect((await bad.json()).field).toBe("image");
    const badCategory = await putItem(request("PUT", `${BASE}/${json.id}`, adminToken, { category: "Desserts" }), ctx(json.id));
    expect(badCategory.status).toBe(400);
    expect((await badCategory.json()).field).toBe("category");
    const missing = await putItem(request("PUT", `${BASE}/nope`, adminToken, { available: false }), ctx("nope"));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toHaveProperty("error");
  });
});

describe("DELETE /api/menu/{id}", () => {
  it("needs a signed-in admin, and 404 for an unknown id", async () => {
    const { json } = await create({ name: "Kept Bowl", price: 150, category: "Veg Salads" });
    expect((await deleteItem(request("DELETE", `${BASE}/${json.id}`), ctx(json.id))).status).toBe(401);
    expect((await deleteItem(request("DELETE", `${BASE}/${json.id}`, userToken), ctx(json.id))).status).toBe(403);
    expect(await db().menuItem.count({ where: { id: json.id } })).toBe(1);
    expect((await deleteItem(request("DELETE", `${BASE}/nope`, adminToken), ctx("nope"))).status).toBe(404);
  });

  it("removes the item from the menu and keeps past orders' lines", async () => {
    const { json } = await create({ name: "Short-lived Bowl", prices: { small: 150, medium: 190, large: 230 }, category: "Egg Salads" });
    const { user } = await createUser("user");
    const order = await db().order.create({
      data: storedOrder(user.id, { menuItemId: json.id, name: json.name, portion: "medium", unitPrice: 190, quantity: 2 }),
    });

    const res = await deleteItem(request("DELETE", `${BASE}/${json.id}`, adminToken), ctx(json.id));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: expect.any(String) });
    expect((await fetchMenu()).some((i) => i.id === json.id)).toBe(false);
    expect((await deleteItem(request("DELETE", `${BASE}/${json.id}`, adminToken), ctx(json.id))).status).toBe(404);

    const lines = await db().orderLine.findMany({ where: { orderId: order.id } });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      menuItemId: null,
      name: "Short-lived Bowl",
      portion: "medium",
      unitPrice: 190,
      quantity: 2,
      lineTotal: 380,
    });
    expect((await db().order.findUniqueOrThrow({ where: { id: order.id } })).total).toBe(420);
  });
});

describe("getPopularItems", () => {
  it("puts the best seller first, skips sold-out items, and fills from every category", async () => {
    const before = await getPopularItems(3);
    expect(before).toHaveLength(3);
    expect(before.every((i) => i.available)).toBe(true);

    const best = (await listMenu({ search: "masala egg", filters: {} }))[0].items[0];
    const { user } = await createUser("user");
    await db().order.create({
      data: {
        ...storedOrder(user.id, { menuItemId: best.id, name: best.name, portion: "small", unitPrice: 129, quantity: 1000 }),
        status: "delivered",
      },
    });
    const after = await getPopularItems(3);
    expect(after[0].id).toBe(best.id);
    expect(new Set(after.map((i) => i.category.slug)).size).toBeGreaterThan(1);
  });

  it("counts delivered orders only: open or cancelled ones cannot steer it", async () => {
    const before = (await getPopularItems(3)).map((i) => i.id);
    const steered = (await listMenu({ search: "paneer", filters: {} }))[0].items[0];
    const { user } = await createUser("user");
    for (const status of ["pending", "confirmed", "preparing", "cancelled"] as const) {
      await db().order.create({
        data: {
          ...storedOrder(user.id, { menuItemId: steered.id, name: steered.name, portion: "small", unitPrice: 199, quantity: 5000 }),
          status,
        },
      });
    }
    expect((await getPopularItems(3)).map((i) => i.id)).toEqual(before);
  });
});

describe("know your bowl (§8) in the menu API", () => {
  const dressing = DRESSING_GROUP;
  const nutrition = { small: { kcal: 300, protein: 20 }, medium: { kcal: 420, protein: 28 }, large: { kcal: 480, protein: 32 } };

  it("GET lists every seeded salad's diet, figures, allergens and groups (Dressing exactly 1 with a free default)", async () => {
    const items = (await fetchMenu()).filter((i) => seeded.has(i.slug));
    for (const item of items) {
      expect(item.diet).toBe(item.category === "Veg Salads" ? "veg" : "non-veg");
      expect(item.nutrition.medium.kcal).toBeGreaterThan(item.nutrition.small.kcal ?? 0);
      const d = item.optionGroups.find((g) => g.name === "Dressing")!;
      expect(d).toMatchObject({ min: 1, max: 1 });
      expect(d.choices.filter((c) => c.default)).toEqual([expect.objectContaining({ price: 0, available: true })]);
      expect(Object.keys(d.choices[0]).sort()).toEqual(["available", "default", "id", "name", "price"]);
      expect(item.optionGroups.some((g) => g.name === "Add-ons")).toBe(true);
      expect(item.optionGroups.some((g) => g.name === "Extra protein")).toBe(item.category !== "Veg Salads");
    }
    const egg = items.find((i) => i.slug === "masala-egg-salad")!;
    expect(egg.allergens).toContain("egg");
  });

  it("GET filters ?diet=veg, ?protein=high and ?free=…, combined with category and search", async () => {
    const veg = await fetchMenu("?diet=veg");
    expect(veg.length).toBeGreaterThan(0);
    expect(veg.every((i) => i.diet === "veg")).toBe(true);
    const high = await fetchMenu("?protein=high");
    expect(high.length).toBeGreaterThan(0);
    expect(high.every((i) => (i.nutrition.medium.protein ?? 0) >= 25)).toBe(true);
    const free = await fetchMenu("?free=milk,gluten");
    expect(free.every((i) => !i.allergens.includes("milk") && !i.allergens.includes("gluten"))).toBe(true);
    expect(free.map((i) => i.slug)).toContain("masala-egg-salad");
    const combined = await fetchMenu("?diet=veg&free=milk&category=veg-salads&search=a");
    expect(combined.every((i) => i.diet === "veg" && !i.allergens.includes("milk") && i.category === "Veg Salads")).toBe(true);
    expect((await listMenu({ search: "chicken", filters: { diet: "veg" } })).length).toBe(0);
  });

  it("POST takes diet, nutrition, allergens and option groups; PUT renames, reprices, sells out and removes choices keeping ids", async () => {
    const { status, json } = await create({
      name: `Options Bowl ${randomBytes(3).toString("hex")}`,
      category: "Egg Salads",
      price: 150,
      diet: "non-veg",
      nutrition,
      allergens: ["egg"],
      optionGroups: [
        dressing,
        {
          name: "Add-ons",
          min: 0,
          max: 2,
          choices: [
            { name: "Feta", price: 40 },
            { name: "Olives", price: 30 },
          ],
        },
      ],
    });
    expect(status).toBe(201);
    const item = json as ApiMenuItem;
    expect(item).toMatchObject({ diet: "non-veg", nutrition, allergens: ["egg"] });
    expect(groupsInBrief(item.optionGroups)).toEqual(["Dressing 1-1: Lemon ₹0 default, Ranch ₹0", "Add-ons 0-2: Feta ₹40, Olives ₹30"]);
    const [d, addOns] = item.optionGroups;
    const res = await putItem(
      request("PUT", `${BASE}/${item.id}`, adminToken, {
        diet: "veg",
        optionGroups: [
          {
            id: addOns.id,
            name: "Toppings",
            min: 0,
            max: 1,
            choices: [{ id: addOns.choices[0].id, name: "Greek feta", price: 45, available: false }],
          },
          { ...dressing, id: d.id, choices: [{ id: d.choices[0].id, name: "Lemon", price: 0, default: true }] },
        ],
      }),
      ctx(item.id),
    );
    expect(res.status).toBe(200);
    const updated = (await res.json()) as ApiMenuItem;
    expect(updated.diet).toBe("veg");
    expect(updated.optionGroups.map((g) => [g.id, g.name, g.choices.map((c) => [c.id, c.name, c.price, c.available])])).toEqual([
      [addOns.id, "Toppings", [[addOns.choices[0].id, "Greek feta", 45, false]]],
      [d.id, "Dressing", [[d.choices[0].id, "Lemon", 0, true]]],
    ]);
    expect((await fetchMenu()).find((i) => i.id === item.id)?.optionGroups).toEqual(updated.optionGroups);
  });

  it("400 naming the field for broken §8 fields and for ids of another item's groups; nothing changes", async () => {
    const { json } = await create({
      name: `Checked Bowl ${randomBytes(3).toString("hex")}`,
      category: "Veg Salads",
      price: 150,
      optionGroups: [dressing],
    });
    const other = (await fetchMenu()).find((i) => i.slug === "classic-greek-salad")!;
    const bad: [unknown, string][] = [
      [{ diet: "vegan" }, "diet"],
      [{ allergens: ["nuts"] }, "allergens.0"],
      [{ optionGroups: [{ ...dressing, min: 2 }] }, "optionGroups.0.min"],
      [{ optionGroups: [{ ...dressing, choices: [{ name: "Lemon", price: 0 }] }] }, "optionGroups.0.choices"],
      [{ optionGroups: [{ ...dressing, id: other.optionGroups[0].id }] }, "optionGroups.0.id"],
    ];
    for (const [body, field] of bad) {
      const res = await putItem(request("PUT", `${BASE}/${json.id}`, adminToken, body), ctx(json.id));
      expect(res.status).toBe(400);
      expect(((await res.json()) as { field?: string }).field).toBe(field);
    }
    expect((await fetchMenu()).find((i) => i.id === json.id)?.optionGroups).toEqual((json as ApiMenuItem).optionGroups);
  });
});

describe("what a menu change expires", () => {
  // tests/support/next-cache.ts records each revalidateTag(); against a real server the same tag
  // expires every page and reply built from the menu (tests/e2e/caching.spec.ts,
  // live-two-instances.test.ts).
  const expiredSince = (mark: number) => expiredTags.slice(mark);

  it("every admin write expires the menu tag, once it has succeeded; refused writes expire nothing", async () => {
    let mark = expiredTags.length;
    const { json } = await create({ name: "Expiring Bowl", price: 150, category: "Veg Salads" });
    expect(expiredSince(mark)).toEqual(["menu"]);

    mark = expiredTags.length;
    const nutrition = { small: { kcal: 111, protein: 9 }, medium: { kcal: 155, protein: 13 }, large: { kcal: 177, protein: 15 } };
    expect((await putItem(request("PUT", `${BASE}/${json.id}`, adminToken, { nutrition }), ctx(json.id))).status).toBe(200);
    expect(expiredSince(mark)).toEqual(["menu"]);

    mark = expiredTags.length;
    expect((await putItem(request("PUT", `${BASE}/${json.id}`, userToken, { available: false }), ctx(json.id))).status).toBe(403);
    expect((await putItem(request("PUT", `${BASE}/${json.id}`, adminToken, { price: -5 }), ctx(json.id))).status).toBe(400);
    expect(expiredSince(mark)).toEqual([]);

    mark = expiredTags.length;
    expect((await deleteItem(request("DELETE", `${BASE}/${json.id}`, adminToken), ctx(json.id))).status).toBe(200);
    expect(expiredSince(mark)).toEqual(["menu"]);
  });
});
