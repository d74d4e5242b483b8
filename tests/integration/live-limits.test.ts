import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { call, type Caller, type Reply } from "@/tests/support/api";
import { makeCaller } from "@/tests/support/callers";
import { hasEnded, openLiveStream, type LiveLog } from "@/tests/support/live-stream";
import { shopFixtures, type ShopFixtures } from "@/tests/support/shop-fixtures";
import { waitFor } from "@/tests/support/wait";
import { db } from "@/lib/db";
import { resetEnvCache } from "@/lib/env";
import { POST as logoutRoute } from "@/app/api/logout/route";
import { POST as resetRoute } from "@/app/api/reset-password/[token]/route";
import { PATCH as patchUserRoute } from "@/app/api/users/[id]/route";
import { requireUser } from "@/lib/auth/session";
import { endSessions } from "@/lib/auth/accounts";
import { openEventStream } from "@/lib/realtime/stream";
import { listeningInThisServer, stopLiveUpdatesInServer } from "@/lib/realtime/in-server";
import { publish, subscriberCount } from "@/lib/realtime/hub";
import { NextRequest } from "next/server";

// Live streams are bounded (product.md §5) and end with their session, through the real
// handlers on real PostgreSQL: a user's sixth stream closes their oldest; past the instance's
// cap /api/events answers 503 with Retry-After; logout, a password reset and a change of role
// close the user's open streams within 5 seconds (the database announces them).

const WITHIN_MS = 5_000;

let fx: ShopFixtures;
let item: string;
let admin: Caller;
const open: LiveLog[] = [];
const stream = (caller: Caller | undefined) => openLiveStream(caller, open);
const customer = async (role: "user" | "admin" = "user") => {
  const c = await makeCaller(role);
  fx.adopt(c.id);
  return c;
};

beforeAll(async () => {
  fx = await shopFixtures("live-limits");
  admin = await makeCaller("admin");
  fx.adopt(admin.id);
  item = await fx.item();
});

afterEach(async () => {
  for (const s of open.splice(0)) s.close();
  delete process.env.EVENTS_MAX_STREAMS;
  resetEnvCache();
  await waitFor(() => subscriberCount() === 0, { what: "the test's streams to be gone" });
});

afterAll(async () => {
  await stopLiveUpdatesInServer();
  await fx.cleanUp();
});

/** Resolves when the server ends `log`, failing after `WITHIN_MS` (measured from `since`). */
async function endsWithin(log: LiveLog, since: number): Promise<void> {
  expect(await hasEnded(log, Math.max(0, WITHIN_MS - (Date.now() - since))), "the stream to end within 5 s").toBe(true);
}

/** Runs `end`, a call that must answer 200, and waits for the server to end `log` within `WITHIN_MS` of it. */
async function endedBy(log: LiveLog, end: () => Promise<Reply>): Promise<void> {
  const at = Date.now();
  const reply = await end();
  expect(reply.status, reply.text).toBe(200);
  await endsWithin(log, at);
}

describe("live streams per user", () => {
  it("a sixth stream of one user closes their oldest, with a word that it was superseded; the five stay and hear", async () => {
    const asha = await customer();
    const bystander = await stream(await customer());
    const streams: LiveLog[] = [];
    for (let i = 0; i < 6; i++) streams.push(await stream(asha));
    expect(streams.map((s) => s.status)).toEqual([200, 200, 200, 200, 200, 200]);

    await endsWithin(streams[0], Date.now());
    expect(streams[0].events.at(-1)).toEqual({ type: "superseded" });
    for (const s of [...streams.slice(1), bystander]) expect(await hasEnded(s)).toBe(false);
    expect(subscriberCount()).toBe(6);

    const id = await fx.order(asha.id, item);
    await waitFor(() => streams.slice(1).every((s) => s.events.some((e) => e.type === "order" && e.id === id)), {
      what: "the five streams to hear of Asha's order",
    });
    expect(streams[0].events.some((e) => e.type === "order")).toBe(false);
  });
});

describe("live streams per instance", () => {
  it("past EVENTS_MAX_STREAMS answers 503 with Retry-After and the API's error shape; room again once one closes", async () => {
    const [asha, vikram, third] = await Promise.all([customer(), customer(), customer()]);
    // Of 3, one seat is kept for admins: two customers fill the rest.
    process.env.EVENTS_MAX_STREAMS = "3";
    resetEnvCache();
    const first = await stream(asha);
    await stream(vikram);

    const refused = await stream(third);
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(JSON.parse(refused.text)).toEqual({ error: expect.any(String), code: "unavailable" });
    expect(subscriberCount()).toBe(2);

    // The kitchen still gets its stream (issue 32, L8), and then the instance is full for everyone.
    expect((await stream(admin)).status).toBe(200);
    expect((await stream(await customer("admin"))).status).toBe(503);

    first.close();
    await waitFor(() => subscriberCount() === 2, { what: "the closed stream to leave" });
    expect((await stream(third)).status).toBe(200);
  });
});

describe("a session that ends closes its streams within 5 s", () => {
  it("logout", async () => {
    const asha = await customer();
    const [mine, another] = [await stream(asha), await stream(asha)];
    const bystander = await stream(await customer());
    const at = Date.now();
    const reply = await call(logoutRoute, "POST", "/api/logout", { caller: asha });
    expect(reply.status).toBe(200);
    await endsWithin(mine, at);
    await endsWithin(another, at);
    expect(await hasEnded(bystander)).toBe(false);
    // The browser's next attempt is refused.
    expect((await stream(asha)).status).toBe(401);
  });

  it("a password reset", async () => {
    const asha = await customer();
    const mine = await stream(asha);
    const token = await fx.token(asha.id, "reset_password");
    await endedBy(mine, () =>
      call(resetRoute, "POST", `/api/reset-password/${token}`, { params: { token }, body: { password: "a quiet walk by the river" } }),
    );
  });

  it("a change of role, either way", async () => {
    const asha = await customer();
    const toRole = (role: "admin" | "user") => () =>
      call(patchUserRoute, "PATCH", `/api/users/${asha.id}`, { caller: admin, params: { id: asha.id }, body: { role } });
    await endedBy(await stream(asha), toRole("admin"));
    // Reconnected as an admin, and demoted again.
    await endedBy(await stream(asha), toRole("user"));
  });

  it("a session that ends while the stream's own session is being checked gets no stream", async () => {
    const asha = await customer();
    const held = await stream(asha);
    const req = new NextRequest("http://localhost:3000/api/events", { headers: { accept: "text/event-stream", ...asha.headers } });
    const opening = openEventStream(
      async () => {
        const viewer = await requireUser(req);
        // The logout lands after the check and before the stream has a seat.
        await endSessions(asha.id);
        expect(await hasEnded(held, WITHIN_MS), "the logout to be heard").toBe(true);
        return viewer;
      },
      { recheck: async () => null, signal: new AbortController().signal },
    );
    await expect(opening).rejects.toMatchObject({ status: 401 });
    expect(subscriberCount()).toBe(0);
  });

  it("missed while the listener was away: checked again when it is back (its resync)", async () => {
    const asha = await customer();
    const mine = await stream(asha);
    await stopLiveUpdatesInServer();
    await db().user.update({ where: { id: asha.id }, data: { sessionVersion: { increment: 1 } } });
    expect(await hasEnded(mine, 300)).toBe(false);
    // What the listener publishes once it listens again.
    await listeningInThisServer();
    publish({ type: "resync" });
    await endsWithin(mine, Date.now());
  });
});
