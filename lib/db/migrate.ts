import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { Client } from "pg";
import { Logger, runMigrations } from "graphile-worker";

// Applies pending prisma/migrations/*/migration.sql the way `prisma migrate deploy` does,
// recording them in the same `_prisma_migrations` table, so either tool can take over.
// Prisma's migration engine is a native download that offline machines cannot get.
//
// Then installs or upgrades graphile-worker's own schema (`graphile_worker`, apart from ours
// and from schema.prisma): the mail queue's add_job() is called from our own transactions and
// statements, so it must exist as soon as the database is migrated, before any worker ran.

/** The advisory lock key Prisma Migrate itself uses, so the two never run at once. */
const MIGRATE_LOCK_KEY = 72707369;

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

export type MigrationResult = { applied: string[] };

const defaultMigrationsDir = path.join(process.cwd(), "prisma", "migrations");

export async function listMigrations(dir = defaultMigrationsDir) {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    }),
  );
}

/** graphile-worker narrates its migrations at info level; only trouble is worth a line at start. */
const quietLogger = new Logger(() => (level, message) => {
  const lvl: string = level;
  if (lvl === "error") console.error(`[migrate] graphile-worker: ${message}`);
  else if (lvl === "warning") console.warn(`[migrate] graphile-worker: ${message}`);
});

export async function migrate(databaseUrl: string, dir = defaultMigrationsDir): Promise<MigrationResult> {
  const migrations = await listMigrations(dir);
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATE_LOCK_KEY]);
    await client.query(CREATE_TABLE);
    const { rows } = await client.query<{ migration_name: string; finished_at: Date | null; rolled_back_at: Date | null }>(
      `SELECT migration_name, finished_at, rolled_back_at FROM "_prisma_migrations"`,
    );
    const failed = rows.find((r) => !r.finished_at && !r.rolled_back_at);
    if (failed) {
      throw new Error(`Migration ${failed.migration_name} failed earlier and needs attention before others can run.`);
    }
    const done = new Set(rows.filter((r) => r.finished_at).map((r) => r.migration_name));
    for (const m of migrations) {
      if (done.has(m.name)) continue;
      const id = randomUUID();
      await client.query("BEGIN");
      try {
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count) VALUES ($1, $2, $3, now(), 0)`,
          [id, m.checksum, m.name],
        );
        await client.query(m.sql);
        await client.query(`UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1`, [id]);
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        throw new Error(`Migration ${m.name} failed: ${(error as Error).message}`);
      }
      applied.push(m.name);
    }
    await runMigrations({ connectionString: databaseUrl, logger: quietLogger });
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [MIGRATE_LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
  return { applied };
}
