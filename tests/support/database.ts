import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { Client } from "pg";
import { startEmbeddedPostgres } from "@/lib/db/embedded";
import { migrate } from "@/lib/db/migrate";

// A real, freshly migrated PostgreSQL database for a test run: a new database on the server
// at DATABASE_URL when it is set, otherwise an embedded PostgreSQL in a temporary directory.

export type TestDatabase = { url: string; stop: () => Promise<void> };

export async function createTestDatabase(): Promise<TestDatabase> {
  const base = process.env.DATABASE_URL;
  if (base) {
    const name = `freshbowl_test_${randomBytes(4).toString("hex")}`;
    const admin = new Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    await migrate(url.toString());
    return {
      url: url.toString(),
      stop: async () => {
        const c = new Client({ connectionString: base });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await c.end();
      },
    };
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), "fresh-bowl-test-"));
  const db = await startEmbeddedPostgres(dir);
  await migrate(db.url);
  return {
    url: db.url,
    stop: async () => {
      await db.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
