import { describe, expect, it, inject } from "vitest";
import { Client } from "pg";
import { withFreshDatabase as fresh } from "@/tests/support/fresh-db";
import { listMigrations, migrate } from "@/lib/db/migrate";
import { orderConfirmationJobSql } from "@/lib/jobs/mail";
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { seedMenuIfEmpty } from "@/lib/bootstrap/seed";

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

describe("know your bowl migration (§8) on a database that already has orders", () => {
  it("keeps orders and items, marks chicken and egg bowls non-veg, and the seed fills the figures and groups without touching admin edits", async () => {
    await withFreshDatabase(async (url) => {
      const before = await mkdtemp(join(tmpdir(), "fb-migrations-"));
      for (const m of (await listMigrations()).filter((m) => m.name < "20261123180000")) {
        await cp(join(process.cwd(), "prisma/migrations", m.name), join(before, m.name), { recursive: true });
      }
      await migrate(url, before);
      const c = new Client({ connectionString: url });
      await c.connect();
      await c.query(
        `INSERT INTO categories (id, slug, name) VALUES ('cat1', 'egg-salads', 'Egg Salads'), ('cat2', 'veg-salads', 'Veg Salads')`,
      );
      await c.query(`INSERT INTO menu_items (id, slug, name, category_id, price_small, price_medium, price_large, updated_at) VALUES
        ('item1', 'masala-egg-salad', 'Renamed by admin', 'cat1', 111, 151, 191, now()),
        ('item2', 'classic-greek-salad', 'Classic Greek Salad', 'cat2', 139, 179, 219, now())`);
      await c.query(`INSERT INTO users (id, name, email, updated_at) VALUES ('u1', 'Old', 'old@example.com', now())`);
      await c.query(`INSERT INTO orders (id, user_id, payment_method, subtotal, delivery_fee, total, address_name, address_phone,
        address_street, address_city, address_state, address_zip, updated_at)
        VALUES ('o1', 'u1', 'upi', 111, 40, 151, 'A', '9876543210', 'S', 'C', 'St', '560001', now())`);
      await c.query(`INSERT INTO order_lines (id, order_id, menu_item_id, name, portion, unit_price, quantity, line_total)
        VALUES ('l1', 'o1', 'item1', 'Masala Egg Salad', 'small', 111, 1, 111)`);

      await migrate(url);
      const items = await c.query(`SELECT slug, diet::text, kcal_small FROM menu_items ORDER BY slug`);
      expect(items.rows).toEqual([
        { slug: "classic-greek-salad", diet: "veg", kcal_small: null },
        { slug: "masala-egg-salad", diet: "non-veg", kcal_small: null },
      ]);
      const line = await c.query(`SELECT options, note FROM order_lines WHERE id = 'l1'`);
      expect(line.rows).toEqual([{ options: [], note: null }]);

      const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: url }) });
      try {
        expect(await seedMenuIfEmpty(prisma)).toBe(0);
        const egg = await prisma.menuItem.findUniqueOrThrow({ where: { slug: "masala-egg-salad" }, include: { optionGroups: true } });
        expect(egg).toMatchObject({ name: "Renamed by admin", priceSmall: 111, diet: "non_veg", allergens: ["egg"] });
        expect(egg.kcalSmall).toBeGreaterThan(0);
        expect(egg.optionGroups.map((g) => g.name).sort()).toEqual(["Add-ons", "Dressing", "Extra protein", "Leave out"]);
        // A second start changes nothing more.
        const version = egg.version;
        await seedMenuIfEmpty(prisma);
        expect((await prisma.menuItem.findUniqueOrThrow({ where: { slug: "masala-egg-salad" } })).version).toBe(version);
      } finally {
        await prisma.$disconnect();
        await c.end();
        await rm(before, { recursive: true, force: true });
      }
    });
  });
});
