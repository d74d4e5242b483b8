import { describe, expect, it, inject } from "vitest";
import { Client } from "pg";
import { withFreshDatabase as fresh } from "@/tests/support/fresh-db";
import { listMigrations, migrate } from "@/lib/db/migrate";

const withFreshDatabase = <T>(fn: (url: string) => Promise<T>) => fresh(inject("databaseUrl"), fn);

describe("migrator", () => {
  it("applies every migration once and records it like Prisma Migrate", async () => {
    await withFreshDatabase(async (url) => {
      const all = await listMigrations();
      expect(await migrate(url)).toEqual({ applied: all.map((m) => m.name) });
      expect(await migrate(url)).toEqual({ applied: [] });
      const c = new Client({ connectionString: url });
      await c.connect();
      const { rows } = await c.query(`SELECT migration_name, checksum, finished_at, applied_steps_count FROM "_prisma_migrations" ORDER BY migration_name`);
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
});
