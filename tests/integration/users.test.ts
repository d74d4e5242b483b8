import { randomBytes } from "node:crypto";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { hashPassword } from "@/lib/auth/password";
import type { SessionUser } from "@/lib/auth/session";
import type { Role } from "@/lib/auth/types";
import { LAST_ADMIN, OWN_ROLE, setRole } from "@/lib/users/writes";
import { usersPage } from "@/lib/users/queries";
import { GET as listRoute } from "@/app/api/users/route";
import { PATCH as patchRoute } from "@/app/api/users/[id]/route";
import { call as callRoute, type Caller } from "@/tests/support/api";
import { callerFor } from "@/tests/support/callers";
import { raceBehindLock } from "@/tests/support/race";
import { storedOrder } from "@/tests/support/stored-order";

// The users area's API against the real route handlers and PostgreSQL. Rules about "the last
// admin" need to know every admin, so the admins other files left behind are made customers
// for the duration of this file and restored afterwards (files run one after another).

type ApiUser = {
  id: string;
  _id: string;
  name: string;
  email: string;
  role: string;
  confirmed: boolean;
  createdAt: string;
  orderCount: number;
};
type Handler = (req: NextRequest, ctx: { params: Promise<{ id: string }> }) => Promise<Response>;

const mine: string[] = [];
let othersWhoWereAdmins: string[] = [];

async function makeUser(role: Role, name: string, options: { confirmed?: boolean; password?: string } = {}): Promise<Caller> {
  const email = `${role}.${randomBytes(5).toString("hex")}@example.com`;
  const user = await db().user.create({
    data: {
      name,
      email,
      role,
      emailConfirmedAt: options.confirmed === false ? null : new Date(),
      passwordHash: options.password ? await hashPassword(options.password) : null,
    },
  });
  mine.push(user.id);
  return callerFor(user);
}

async function call(
  handler: Handler,
  method: string,
  path: string,
  init: { caller?: Caller; body?: unknown; raw?: string; id?: string } = {},
) {
  const reply = await callRoute(handler, method, path, {
    headers: init.caller?.headers,
    body: init.body,
    raw: init.raw,
    params: { id: init.id ?? "" },
  });
  return { status: reply.status, text: reply.text, body: (reply.json ?? {}) as ApiUser & ApiUser[] & { error?: string; field?: string } };
}

const list = (caller?: Caller, query = "") => call(listRoute as Handler, "GET", `/api/users${query}`, { caller });
const patch = (caller: Caller | undefined, id: string, body: unknown) =>
  call(patchRoute as Handler, "PATCH", `/api/users/${id}`, { caller, id, body });
const roleOf = async (id: string) => (await db().user.findUniqueOrThrow({ where: { id }, select: { role: true } })).role;
const adminCount = () => db().user.count({ where: { role: "admin" } });

async function placeOrderFor(userId: string) {
  await db().order.create({
    data: { ...storedOrder(userId, { name: "Test bowl", portion: "small", unitPrice: 179, quantity: 1 }), paymentMethod: "card" },
  });
}

/** Makes `ids` the only admins in the database (mine are created as needed). */
async function onlyAdmins(...ids: string[]) {
  await db().user.updateMany({ where: { role: "admin", id: { notIn: ids } }, data: { role: "user" } });
  await db().user.updateMany({ where: { id: { in: ids } }, data: { role: "admin" } });
}

beforeAll(async () => {
  othersWhoWereAdmins = (await db().user.findMany({ where: { role: "admin" }, select: { id: true } })).map((u) => u.id);
});

afterAll(async () => {
  await db().order.deleteMany({ where: { userId: { in: mine } } });
  await db().user.deleteMany({ where: { id: { in: mine } } });
  await db().user.updateMany({ where: { id: { in: othersWhoWereAdmins } }, data: { role: "admin" } });
});

describe("GET /api/users", () => {
  it("401 signed out, 403 for a customer", async () => {
    const customer = await makeUser("user", "Plain Customer");
    expect((await list()).status).toBe(401);
    const res = await list(customer);
    expect(res.status).toBe(403);
    expect(res.body.error).toBeTruthy();
  });

  it("lists every account newest first with its order count, confirmation and role, and never a password hash", async () => {
    const admin = await makeUser("admin", "List Admin");
    const customer = await makeUser("user", "Zoë O'Brien <b>", { password: "a-very-secret-password-1" });
    const unconfirmed = await makeUser("user", "Not Yet Confirmed", { confirmed: false });
    await placeOrderFor(customer.id);
    await placeOrderFor(customer.id);

    const res = await list(admin);
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    const users = res.body as ApiUser[];

    const row = users.find((u) => u.id === customer.id)!;
    expect(Object.keys(row).sort()).toEqual(["_id", "confirmed", "createdAt", "email", "id", "name", "orderCount", "role"]);
    expect(row).toMatchObject({
      _id: customer.id,
      name: "Zoë O'Brien <b>",
      email: customer.email,
      role: "user",
      confirmed: true,
      orderCount: 2,
    });
    expect(new Date(row.createdAt).toISOString()).toBe(row.createdAt);
    expect(users.find((u) => u.id === unconfirmed.id)).toMatchObject({ confirmed: false, orderCount: 0 });
    expect(users.find((u) => u.id === admin.id)).toMatchObject({ role: "admin" });

    const hash = (await db().user.findUniqueOrThrow({ where: { id: customer.id }, select: { passwordHash: true } })).passwordHash!;
    expect(res.text).not.toContain(hash);
    expect(res.text.toLowerCase()).not.toContain("password");
    expect(res.text).not.toContain("sessionVersion");

    const times = users.map((u) => new Date(u.createdAt).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("pages with ?limit=&before= like GET /api/orders, newest first, still a plain array (default 100, at most 500)", async () => {
    const admin = await makeUser("admin", "Pages Admin");
    const made: Caller[] = [];
    for (let i = 0; i < 5; i++) made.push(await makeUser("user", `Paged ${i}`));
    const first = await list(admin, "?limit=2");
    expect(first.status).toBe(200);
    expect((first.body as ApiUser[]).map((u) => u.id)).toEqual([made[4].id, made[3].id]);
    const next = await list(admin, `?limit=2&before=${made[3].id}`);
    expect((next.body as ApiUser[]).map((u) => u.id)).toEqual([made[2].id, made[1].id]);
    const byDate = await list(admin, `?limit=1&before=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`);
    expect((byDate.body as ApiUser[]).map((u) => u.id)).toEqual([made[4].id]);

    const total = await db().user.count();
    expect((await list(admin)).body).toHaveLength(Math.min(total, 100));
    for (const bad of ["?limit=0", "?limit=501", "?limit=x", "?before=not-an-id", "?before=2026-13-45"]) {
      const refused = await list(admin, bad);
      expect(refused.status, bad).toBe(400);
      expect(refused.body.field, bad).toBe(bad.startsWith("?limit") ? "limit" : "before");
    }
    expect((await list(admin, "?limit=500")).status).toBe(200);
  });
});

describe("each account's order count", () => {
  const plainCount = (userId: string) => db().order.count({ where: { userId } });
  const keptCount = async (userId: string) =>
    (await db().user.findUniqueOrThrow({ where: { id: userId }, select: { orderCount: true } })).orderCount;

  it("equals a plain count over the orders through orders placed at once, deleted and moved", async () => {
    const [a, b] = [await makeUser("user", "Count A"), await makeUser("user", "Count B")];
    await Promise.all(Array.from({ length: 12 }, (_, i) => placeOrderFor(i % 3 === 0 ? b.id : a.id)));
    expect([await keptCount(a.id), await keptCount(b.id)]).toEqual([8, 4]);

    await db()
      .$transaction(async (tx) => {
        await tx.order.create({ data: storedOrder(a.id, { name: "Test bowl", portion: "small", unitPrice: 179, quantity: 1 }) });
        throw new Error("rolled back");
      })
      .catch(() => undefined);
    expect(await keptCount(a.id)).toBe(8);

    const some = await db().order.findMany({ where: { userId: a.id }, select: { id: true }, take: 3 });
    await db().order.deleteMany({ where: { id: { in: some.map((o) => o.id) } } });
    await db().order.update({ where: { id: (await db().order.findFirstOrThrow({ where: { userId: b.id } })).id }, data: { userId: a.id } });
    for (const user of [a, b]) expect(await keptCount(user.id)).toBe(await plainCount(user.id));
    expect([await keptCount(a.id), await keptCount(b.id)]).toEqual([6, 3]);
  });
});

describe("the users page's accounts (/admin/users)", () => {
  it("pages newest first from the last account shown, and finds accounts by name or e-mail in any case", async () => {
    const admin = await makeUser("admin", "Paging Admin");
    const tag = randomBytes(4).toString("hex");
    const made: Caller[] = [];
    for (let i = 0; i < 5; i++) made.push(await makeUser("user", `Pager ${tag} ${i}`));
    const newestFirst = made.map((u) => u.id).reverse();

    const first = await usersPage(admin, { search: `PAGER ${tag.toUpperCase()}`, limit: 2 });
    expect(first).toMatchObject({ found: 5, more: true, after: null });
    expect(first.customers.map((u) => u.id)).toEqual(newestFirst.slice(0, 2));
    const second = await usersPage(admin, { search: `pager ${tag}`, after: first.customers[1].id, limit: 2 });
    expect(second.customers.map((u) => u.id)).toEqual(newestFirst.slice(2, 4));
    const last = await usersPage(admin, { search: `pager ${tag}`, after: second.customers[1].id, limit: 2 });
    expect(last).toMatchObject({ more: false });
    expect(last.customers.map((u) => u.id)).toEqual(newestFirst.slice(4));

    const byEmail = await usersPage(admin, { search: made[3].email.toUpperCase(), limit: 50 });
    expect(byEmail.customers.map((u) => u.id)).toEqual([made[3].id]);
    // A made-up cursor starts from the newest rather than failing.
    expect((await usersPage(admin, { search: `pager ${tag}`, after: "no-such-account", limit: 2 })).customers.map((u) => u.id)).toEqual(
      newestFirst.slice(0, 2),
    );
    // The admins come first, whole, and only on the first page; customers alone are paged.
    const everyone = await usersPage(admin, { limit: 2 });
    expect(everyone.staff.map((u) => u.id)).toContain(admin.id);
    expect(everyone.customers.every((u) => u.role === "user")).toBe(true);
    expect((await usersPage(admin, { after: everyone.customers[1].id, limit: 2 })).staff).toEqual([]);
    expect(first.accounts).toBe(await db().user.count());
    expect(first.admins).toBe(await adminCount());
  });
});

describe("PATCH /api/users/{id}", () => {
  it("401 signed out, 403 for a customer, 404 for an unknown id, 400 for a bad role or body", async () => {
    const admin = await makeUser("admin", "Rules Admin");
    const customer = await makeUser("user", "Rules Customer");

    expect((await patch(undefined, customer.id, { role: "admin" })).status).toBe(401);
    const forbidden = await patch(customer, customer.id, { role: "admin" });
    expect(forbidden.status).toBe(403);
    expect(await roleOf(customer.id)).toBe("user");

    const unknown = await patch(admin, "no-such-user", { role: "admin" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe("User not found.");
    expect((await patch(admin, "x".repeat(500), { role: "admin" })).status).toBe(404);

    for (const body of [{ role: "superuser" }, { role: "ADMIN" }, {}, { role: null }, []]) {
      const res = await patch(admin, customer.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.field, JSON.stringify(body)).toBe(Array.isArray(body) ? undefined : "role");
      expect(res.body.error).toMatch(/role/);
    }
    const malformed = await call(patchRoute as Handler, "PATCH", `/api/users/${customer.id}`, {
      caller: admin,
      id: customer.id,
      raw: "{role:",
    });
    expect(malformed.status).toBe(400);
    expect(await roleOf(customer.id)).toBe("user");
  });

  it("makes a customer an admin and back, returning the user", async () => {
    const admin = await makeUser("admin", "Promoting Admin");
    const customer = await makeUser("user", "Rising Star");

    const up = await patch(admin, customer.id, { role: "admin", name: "Hacker", email: "x@example.com" });
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({
      id: customer.id,
      _id: customer.id,
      name: "Rising Star",
      email: customer.email,
      role: "admin",
      confirmed: true,
      orderCount: 0,
    });
    expect(up.text.toLowerCase()).not.toContain("password");
    expect(await roleOf(customer.id)).toBe("admin");

    // Asking for the role someone already has changes nothing and is not an error.
    expect((await patch(admin, customer.id, { role: "admin" })).status).toBe(200);

    const down = await patch(admin, customer.id, { role: "user" });
    expect(down.status).toBe(200);
    expect(down.body.role).toBe("user");
    expect(await roleOf(customer.id)).toBe("user");

    // Demoted for real: the old token no longer opens the admin API.
    expect((await list(customer)).status).toBe(403);
  });

  it("refuses to change your own role, either way", async () => {
    const admin = await makeUser("admin", "Self Admin");
    const other = await makeUser("admin", "Other Admin");
    await onlyAdmins(admin.id, other.id);

    for (const role of ["user", "admin"]) {
      const res = await patch(admin, admin.id, { role });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe(OWN_ROLE);
    }
    expect(await roleOf(admin.id)).toBe("admin");
  });

  it("never removes the last admin, even for a session that was an admin a moment ago", async () => {
    const a = await makeUser("admin", "Admin A");
    const b = await makeUser("admin", "Admin B");
    await onlyAdmins(a.id, b.id);

    expect((await patch(a, b.id, { role: "user" })).status).toBe(200);
    expect(await adminCount()).toBe(1);

    // B's request passed the door before A demoted B, then reached the rule: A is the last admin.
    const staleB: SessionUser = { id: b.id, name: b.name, email: b.email, role: "admin" };
    await expect(setRole(staleB, a.id, "user")).rejects.toMatchObject({ status: 409, message: LAST_ADMIN });
    expect(await roleOf(a.id)).toBe("admin");

    // Through the API, B is simply no longer an admin.
    expect((await patch(b, a.id, { role: "user" })).status).toBe(403);
    expect(await roleOf(a.id)).toBe("admin");
  });

  it("two admins demoting each other at the same moment leave one admin", async () => {
    const a = await makeUser("admin", "Racing Admin A");
    const b = await makeUser("admin", "Racing Admin B");
    await onlyAdmins(a.id, b.id);

    // Hold the admin rows from another connection until both requests are queued behind the
    // lock, then let them go together.
    const results = await raceBehindLock("SELECT id FROM users WHERE role = 'admin' ORDER BY id FOR UPDATE", 2, () =>
      Promise.all([patch(a, b.id, { role: "user" }), patch(b, a.id, { role: "user" })]),
    );

    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.error).toBe(LAST_ADMIN);
    expect(await adminCount()).toBe(1);
    expect([await roleOf(a.id), await roleOf(b.id)].sort()).toEqual(["admin", "user"]);
  });
});
