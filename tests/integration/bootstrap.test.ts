import { describe, expect, it, inject } from "vitest";
import { withMigratedDatabase } from "@/tests/support/fresh-db";
import { db } from "@/lib/db";
import { seedMenuIfEmpty } from "@/lib/bootstrap/seed";
import { ensureAdmin, DEFAULT_ADMIN_EMAIL } from "@/lib/bootstrap/admin";
import { verifyPassword } from "@/lib/auth/password";

describe("start-up bootstrap", () => {
  it("seeds the 18 salads once, 8 chicken, 6 veg and 4 egg, priced 119..269 with local images", async () => {
    await withMigratedDatabase(inject("databaseUrl"), async (prisma) => {
      const first = await Promise.all([seedMenuIfEmpty(prisma), seedMenuIfEmpty(prisma)]);
      expect(first.sort()).toEqual([0, 18]);
      expect(await seedMenuIfEmpty(prisma)).toBe(0);
      const seeded = await prisma.category.findMany({ include: { items: true }, orderBy: { position: "asc" } });
      expect(seeded.map((c) => [c.name, c.items.length])).toEqual([
        ["Chicken Salads", 8],
        ["Veg Salads", 6],
        ["Egg Salads", 4],
      ]);
      for (const item of seeded.flatMap((c) => c.items)) {
        expect(item.priceSmall).toBeGreaterThanOrEqual(119);
        expect(item.priceLarge).toBeLessThanOrEqual(269);
        expect(item.priceSmall).toBeLessThan(item.priceMedium);
        expect(item.priceMedium).toBeLessThan(item.priceLarge);
        expect(item.image).toMatch(/^\/images\/salads\/[a-z0-9-]+\.svg$/);
        expect(item.description.length).toBeGreaterThan(40);
      }
    });
  });

  it("creates a confirmed admin from ADMIN_EMAIL/ADMIN_PASSWORD and updates it on the next start", async () => {
    const email = `Chef.${Date.now()}@Example.com`;
    expect(await ensureAdmin(db(), email, "first-kitchen-pass")).toMatchObject({ action: "created", email: email.toLowerCase() });
    expect(await ensureAdmin(db(), email, "second-kitchen-pass")).toMatchObject({ action: "updated" });
    const admin = await db().user.findUniqueOrThrow({ where: { email: email.toLowerCase() } });
    expect(admin.role).toBe("admin");
    expect(admin.emailConfirmedAt).not.toBeNull();
    expect(await verifyPassword(admin.passwordHash!, "second-kitchen-pass")).toBe(true);
    expect(await verifyPassword(admin.passwordHash!, "first-kitchen-pass")).toBe(false);
  });

  it("ADMIN_PASSWORD keeps the password rules, is hashed again only when it changed, and a change ends the admin's sessions", async () => {
    const email = `chef.rules.${Date.now()}@example.com`;
    await expect(ensureAdmin(db(), email, "short")).rejects.toThrow(/^ADMIN_PASSWORD: Password must be at least 8 characters/);
    await expect(ensureAdmin(db(), email, "password123")).rejects.toThrow(/^ADMIN_PASSWORD: This password is too common/);
    expect(await db().user.count({ where: { email } })).toBe(0);

    expect(await ensureAdmin(db(), email, "first-kitchen-pass")).toMatchObject({ action: "created" });
    const created = await db().user.findUniqueOrThrow({ where: { email } });
    // The next start with the same password: the stored hash and the sessions stay.
    expect(await ensureAdmin(db(), email, "first-kitchen-pass")).toMatchObject({ action: "kept" });
    const kept = await db().user.findUniqueOrThrow({ where: { email } });
    expect(kept.passwordHash).toBe(created.passwordHash);
    expect(kept.sessionVersion).toBe(created.sessionVersion);
    // A new one: hashed, and every session of that admin ends.
    expect(await ensureAdmin(db(), email, "second-kitchen-pass")).toMatchObject({ action: "updated" });
    const changed = await db().user.findUniqueOrThrow({ where: { email } });
    expect(changed.passwordHash).not.toBe(created.passwordHash);
    expect(changed.sessionVersion).toBe(created.sessionVersion + 1);
  });

  it("keeps an existing admin and only generates one when the shop has none", async () => {
    await withMigratedDatabase(inject("databaseUrl"), async (prisma) => {
      expect(await ensureAdmin(prisma)).toMatchObject({ action: "created", email: DEFAULT_ADMIN_EMAIL });
      expect(await ensureAdmin(prisma)).toMatchObject({ action: "kept" });
      await prisma.user.updateMany({ where: { role: "admin" }, data: { role: "user" } });
      const created = await ensureAdmin(prisma);
      expect(created).toMatchObject({ action: "created", email: DEFAULT_ADMIN_EMAIL });
      const password = created && "generatedPassword" in created ? created.generatedPassword : undefined;
      expect(password).toHaveLength(16);
      const admin = await prisma.user.findUniqueOrThrow({ where: { email: DEFAULT_ADMIN_EMAIL } });
      expect(admin.role).toBe("admin");
      expect(await verifyPassword(admin.passwordHash!, password!)).toBe(true);
    });
  });
});
