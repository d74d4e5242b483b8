import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRestartableDb, type RestartableDb } from "@/tests/load/postgres";
import { waitFor } from "@/tests/support/wait";
import { startListener, type Listener } from "@/lib/realtime/listener";
import type { Notice } from "@/lib/realtime/notice";

// The one listening connection of a server instance outlives the database going away: its
// connection cut (as a restart or a failover cuts it), and PostgreSQL stopped for a while and
// started again (as the load test does). Each time it connects again by itself, says so (the
// streams then tell the pages to read again), and hears what is announced afterwards.

let dir = "";
let pg: RestartableDb;
let listener: Listener;
const heard: Notice[] = [];
let reconnections = 0;
const warnings: string[] = [];

async function announce(payload: string): Promise<void> {
  const client = new Client({ connectionString: pg.url });
  await client.connect();
  try {
    await client.query("SELECT pg_notify('fresh_bowl_events', $1)", [payload]);
  } finally {
    await client.end();
  }
}

/** Announces menu changes until the listener hears one (it may be reconnecting meanwhile). */
async function heardAgain(): Promise<void> {
  const before = heard.length;
  await waitFor(
    async () => {
      await announce('{"type":"menu"}');
      return heard.length > before;
    },
    { what: "the listener to hear an announcement", timeout: 20_000, interval: 200 },
  );
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "fresh-bowl-listener-"));
  pg = await startRestartableDb(dir);
  listener = startListener({
    connectionString: pg.url,
    onNotice: (n) => heard.push(n),
    onReconnect: () => (reconnections += 1),
    log: { info: () => undefined, warn: (m: string) => void warnings.push(m) },
  });
  await listener.ready;
}, 60_000);

afterAll(async () => {
  await listener?.stop();
  await pg?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
}, 30_000);

describe("the live-updates listener", () => {
  it("hears what is announced on its channel, and ignores what it cannot read", async () => {
    await announce('{"type":"order","id":"o1","userId":"u1","status":"pending"}');
    await announce("not json");
    await heardAgain();
    expect(heard[0]).toEqual({ type: "order", id: "o1", userId: "u1", riderIds: [], status: "pending" });
    expect(heard.slice(1).every((n) => n.type === "menu")).toBe(true);
  });

  it("connects again when its connection is cut, and says so", async () => {
    const admin = new Client({ connectionString: pg.url });
    await admin.connect();
    const { rows } = await admin.query(
      "SELECT pg_terminate_backend(pid) AS cut FROM pg_stat_activity WHERE application_name = 'fresh-bowl-live'",
    );
    await admin.end();
    expect(rows).toHaveLength(1);
    await waitFor(() => reconnections === 1, { what: "the listener to reconnect", timeout: 15_000 });
    await heardAgain();
  });

  it("waits out a database that is down, then listens again", async () => {
    await pg.stop();
    await waitFor(() => warnings.some((w) => /could not listen/.test(w)), { what: "a failed attempt while down", timeout: 15_000 });
    await pg.start();
    await waitFor(() => reconnections === 2, { what: "the listener to reconnect after the restart", timeout: 30_000 });
    await heardAgain();
  }, 60_000);

  it("stops for good when asked", async () => {
    await listener.stop();
    const client = new Client({ connectionString: pg.url });
    await client.connect();
    const { rows } = await client.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'fresh-bowl-live'");
    await client.end();
    expect(rows[0].n).toBe(0);
  });
});
