import { PrismaPg } from "@prisma/adapter-pg";
import { Pool } from "pg";
import { PrismaClient } from "@/lib/generated/prisma/client";

// One pool and one Prisma client per process (kept on globalThis so dev hot reloads reuse
// them). The same pool serves Prisma and the rate limiter.
const globalForDb = globalThis as unknown as { freshBowlPool?: Pool; freshBowlPrisma?: PrismaClient };

function databaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) {
    throw new Error(
      "DATABASE_URL is not set. Start the shop with `npm run dev` or `npm start`, which provide an embedded PostgreSQL when it is unset.",
    );
  }
  return url;
}

export function pool(): Pool {
  globalForDb.freshBowlPool ??= new Pool({ connectionString: databaseUrl(), max: 10 });
  return globalForDb.freshBowlPool;
}

function createClient() {
  return new PrismaClient({ adapter: new PrismaPg(pool()) });
}

export function db(): PrismaClient {
  globalForDb.freshBowlPrisma ??= createClient();
  return globalForDb.freshBowlPrisma;
}

export async function disconnectDb() {
  await globalForDb.freshBowlPrisma?.$disconnect();
  await globalForDb.freshBowlPool?.end();
  globalForDb.freshBowlPrisma = undefined;
  globalForDb.freshBowlPool = undefined;
}
