import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { Client } from "pg";
import { startEmbeddedPostgres } from "@/lib/db/embedded";
import { migrate } from "@/lib/db/migrate";

// The PostgreSQL of a test run: the server at DATABASE_URL when it is set, otherwise an embedded
// PostgreSQL in a temporary directory. On it, one freshly migrated template database, and for
// each Vitest worker a database copied from it (CREATE DATABASE … TEMPLATE): test files running
// at the same time then never see each other's rows, notifications, advisory locks or
// rate-limit buckets, and a worker's files share its database one after another, as all files
// shared one database when they ran in a row. Migrating once and copying is what keeps a
// database per worker cheap.

export type TestServer = {
  /** A database on the server to connect to for creating others (never the template: a template must have no connections when copied). */
  adminUrl: string;
  /** The migrated template the workers' databases are copied from. */
  template: string;
  stop: () => Promise<void>;
};

function onServer(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function withClient<T>(url: string, fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function startTestServer(): Promise<TestServer> {
  const base = process.env.DATABASE_URL;
  // A server of one's own may hold other runs' databases: this run's names are its own.
  const template = `freshbowl_test_${randomBytes(4).toString("hex")}`;
  if (base) {
    await withClient(base, (c) => c.query(`CREATE DATABASE "${template}"`));
    await migrate(onServer(base, template));
    return {
      adminUrl: base,
      template,
      stop: () =>
        withClient(base, async (c) => {
          const { rows } = await c.query<{ datname: string }>(
            "SELECT datname FROM pg_database WHERE datname LIKE $1 ORDER BY datname DESC",
            [`${template}%`],
          );
          for (const { datname } of rows) await c.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
        }),
    };
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), "fresh-bowl-test-"));
  const db = await startEmbeddedPostgres(dir);
  await withClient(db.url, (c) => c.query(`CREATE DATABASE "${template}"`));
  await migrate(onServer(db.url, template));
  return {
    adminUrl: db.url,
    template,
    stop: async () => {
      await db.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * This worker's database (VITEST_POOL_ID: 1 to maxWorkers, one file per id at a time), copied
 * from the template by its worker's first file and kept by the files after it.
 */
export async function workerDatabase(adminUrl: string, template: string): Promise<string> {
  const name = `${template}_w${process.env.VITEST_POOL_ID ?? "1"}`;
  await withClient(adminUrl, async (c) => {
    const { rowCount } = await c.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (!rowCount) await c.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  });
  return onServer(adminUrl, name);
}
