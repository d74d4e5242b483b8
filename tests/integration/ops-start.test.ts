import { chmod, mkdir, mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import os from "node:os";
import path from "node:path";
import { Client } from "pg";
import { afterAll, describe, expect, it, inject } from "vitest";
import { runStartScript } from "@/tests/support/start-script";
import { withFreshDatabase } from "@/tests/support/fresh-db";
import { EmbeddedDbError, freePort, startEmbeddedPostgres } from "@/lib/db/embedded";

// The start script's own rules (product contract §1, §5): what a misconfigured start prints,
// and what production never prints.

const repo = process.cwd();
const temps: string[] = [];
async function tempDir() {
  const dir = await mkdtemp(path.join(os.tmpdir(), "fresh-bowl-ops-"));
  temps.push(dir);
  return dir;
}
afterAll(async () => {
  await Promise.all(temps.map((d) => rm(d, { recursive: true, force: true })));
});

const lines = (text: string) => text.split("\n").filter((l) => l.trim() !== "");

describe("npm start / npm run dev", () => {
  it("production refuses to start without AUTH_SECRET, with one line and before starting any database", async () => {
    const dataDir = await tempDir();
    const run = runStartScript("start", repo, { FRESH_BOWL_DATA_DIR: dataDir, PORT: String(await freePort()) });
    expect(await run.exited).not.toBe(0);
    expect(lines(run.stderr())).toHaveLength(1);
    expect(run.stderr()).toMatch(/could not start: AUTH_SECRET is required in production/);
    expect(run.output()).not.toMatch(/embedded PostgreSQL/);
  });

  it("production with ADMIN_EMAIL but no ADMIN_PASSWORD creates no admin and prints no password", async () => {
    await withFreshDatabase(inject("databaseUrl"), async (url) => {
      const run = runStartScript("start", repo, {
        DATABASE_URL: url,
        AUTH_SECRET: "ops-test-secret-ops-test-secret-ops-test",
        ADMIN_EMAIL: "boss@ops.test",
        PORT: String(await freePort()),
        // No build there: the server itself stops at once; the bootstrap before it is what is checked.
        NEXT_DIST_DIR: ".next-ops-missing",
      });
      await run.waitFor(/no admin account yet/);
      await run.stop();
      expect(run.output()).not.toMatch(/password\s*:/i);
      expect(run.output()).toMatch(/set ADMIN_EMAIL and ADMIN_PASSWORD/);
      const client = new Client({ connectionString: url });
      await client.connect();
      const { rows } = await client.query(`SELECT count(*)::int AS n FROM users WHERE role = 'admin'`);
      await client.end();
      expect(rows[0].n).toBe(0);
    });
  });

  it("an embedded-database failure ends with one line saying what to do, not a stack trace", async () => {
    // A cluster folder left half-made by someone else: initdb refuses it.
    const dataDir = await tempDir();
    await mkdir(path.join(dataDir, "pg"));
    await writeFile(path.join(dataDir, "pg", "stray-file"), "not a database");
    const run = runStartScript("dev", repo, { FRESH_BOWL_DATA_DIR: dataDir, PORT: String(await freePort()) });
    expect(await run.exited).toBe(1);
    expect(lines(run.stderr())).toHaveLength(1);
    expect(run.stderr()).toMatch(/could not start: embedded PostgreSQL in [^:]+: initdb failed: .*not empty.*set DATABASE_URL/);
    expect(run.output()).not.toMatch(/^\s+at /m);
  });
});

describe("startEmbeddedPostgres", () => {
  it("throws one EmbeddedDbError line when postgres cannot start (port taken)", async () => {
    const taken: Server = createServer();
    await new Promise<void>((r) => taken.listen(0, "127.0.0.1", r));
    const port = (taken.address() as { port: number }).port;
    try {
      const error = await startEmbeddedPostgres(await tempDir(), undefined, { port }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(EmbeddedDbError);
      const message = (error as Error).message;
      expect(message).not.toContain("\n");
      expect(message).toMatch(/postgres stopped while starting: .*(could not bind|could not create listen socket)/i);
      expect(message).toMatch(/set DATABASE_URL/);
    } finally {
      taken.close();
    }
  });

  it.runIf(process.getuid?.() === 0)("as root keeps its data folder away from other users (not world-writable)", async () => {
    // A checkout in an ordinary folder: the "postgres" user reaches .data, so the cluster stays there.
    const parent = await tempDir();
    await chmod(parent, 0o755);
    const dataDir = path.join(parent, "data");
    const db = await startEmbeddedPostgres(dataDir);
    try {
      expect(db.dataDir).toBe(path.join(dataDir, "pg"));
      const { mode } = await stat(dataDir);
      expect(mode & 0o007).toBe(0);
      expect(mode & 0o020).toBe(0);
      expect((await stat(path.join(dataDir, "pg-password"))).mode & 0o077).toBe(0);
    } finally {
      await db.stop();
    }
  });
});
