import { describe, expect, it, inject } from "vitest";
import { Client } from "pg";
import { withFreshDatabase as fresh } from "@/tests/support/fresh-db";
import { listMigrations, migrate } from "@/lib/db/migrate";
import { orderConfirmationJobSql } from "@/lib/email/queue";

const withFreshDatabase = <T>(fn: (url: string) => Promise<T>) => fresh(inject("databaseUrl"), fn);

describe("migrator", () => {
  it("applies every migration once and records it like Prisma Migrate", async () => {
    await withFreshDatabase(async (url) => {
      const all = await listMigrations();
      expect(await migrate(url)).toEqual({ applied: all.map((m) => m.name) });
      expect(await migrate(url)).toEqual({ applied: [] });
      const c = new Client({ connectionString: url });
      await c.connect();
      const { rows } = await c.query(
        `SELECT migration_name, checksum, finished_at, applied_steps_count FROM "_prisma_migrations" ORDER BY migration_name`,
      );
      await c.end();
      expect(rows.map((r) => r.migration_name)).toEqual(all.map((m) => m.name));
      for (const [i, r] of rows.entries()) {
        expect(r.checksum).toBe(all[i].checksum);
        expect(r.finished_at).toBeInstanceOf(Date);
        expect(r.applied_steps_count).toBe(1);
      }
    });
  });

  it("lets several instances start at once (advisory lock): each migration runs exactly once", async () => {
    await withFreshDatabase(async (url) => {
      const results = await Promise.all([migrate(url), migrate(url), migrate(url)]);
      const applied = results.flatMap((r) => r.applied);
      expect(applied.sort()).toEqual((await listMigrations()).map((m) => m.name).sort());
    });
  });

  it("installs the mail queue (graphile-worker's schema) before any worker ran, in its own schema", async () => {
    await withFreshDatabase(async (url) => {
      await migrate(url);
      const c = new Client({ connectionString: url });
      await c.connect();
      try {
        // What the order statement and enqueueMail call, on a database no worker has seen.
        await c.query("BEGIN");
        const { rows } = await c.query(`SELECT ${orderConfirmationJobSql("'o1'")} AS id`);
        expect(rows[0].id).toMatch(/^\d+$/);
        await c.query("ROLLBACK");
        // Apart from ours: nothing of it in public, where schema.prisma's tables live.
        const { rows: tables } = await c.query(
          `SELECT table_schema, table_name FROM information_schema.tables WHERE table_name LIKE '%jobs%'`,
        );
        expect(tables.map((t) => t.table_schema)).not.toContain("public");
        expect(tables.length).toBeGreaterThan(0);
      } finally {
        await c.end();
      }
      // Running again is a no-op for both.
      expect(await migrate(url)).toEqual({ applied: [] });
    });
  });
});
