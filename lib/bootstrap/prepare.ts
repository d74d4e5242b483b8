import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { migrate } from "@/lib/db/migrate";
import { seedMenuIfEmpty } from "@/lib/bootstrap/seed";
import { ensureAdmin, type AdminResult } from "@/lib/bootstrap/admin";

// What a database needs before the shop is served or built from it, done the same way by
// `npm start` / `npm run dev` (scripts/start.ts) and `npm run build` (scripts/build.ts, which
// prerenders pages from the database): pending migrations applied under the migrator's advisory
// lock (several instances or a build beside a running server may do it at once), the menu seeded
// when the catalogue is empty, and the admin of ADMIN_EMAIL/ADMIN_PASSWORD created or updated.
// An empty database, an older one or an up-to-date one all end up the same.

export type PreparedDatabase = { applied: string[]; seeded: number; admin: AdminResult | null };

export type PrepareOptions = {
  admin?: { email?: string; password?: string };
  /** With no admin given and none in the shop, create one with a generated password (development). */
  mayGenerateAdmin?: boolean;
};

export async function prepareDatabase(databaseUrl: string, options: PrepareOptions = {}): Promise<PreparedDatabase> {
  const { applied } = await migrate(databaseUrl);
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: databaseUrl, max: 2 }) });
  try {
    const seeded = await seedMenuIfEmpty(prisma);
    const admin = await ensureAdmin(prisma, options.admin?.email, options.admin?.password, {
      mayGenerate: options.mayGenerateAdmin ?? false,
    });
    return { applied, seeded, admin };
  } finally {
    await prisma.$disconnect();
  }
}

/** What the start and build scripts log about it: the migrations, the seed, then the admin (adminLogLines). */
export function preparedLogLines({ applied, seeded }: PreparedDatabase): string[] {
  return [
    applied.length ? `applied migrations: ${applied.join(", ")}` : "database schema is up to date",
    ...(seeded ? [`seeded the menu with ${seeded} salads`] : []),
  ];
}
