import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { Pool } from "pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { env } from "@/lib/env";

// One pool and one Prisma client per process (kept on globalThis so dev hot reloads reuse
// them). The same pool serves Prisma and the rate limiter.
const globalForDb = globalThis as unknown as { freshBowlPool?: Pool; freshBowlPrisma?: PrismaClient };

function databaseUrl(): string {
  const url = env().DATABASE_URL;
  if (!url) {
    throw new Error(
      "DATABASE_URL is not set. Start the shop with `npm run dev` or `npm start`, which provide an embedded PostgreSQL when it is unset.",
    );
  }
  return url;
}

export const POOL_WAIT_MS = 10_000;

export function pool(): Pool {
  if (!globalForDb.freshBowlPool) {
    // A request that waits 10 s for a connection (every one busy, or the database not answering
    // a connect at all, as in some failovers) gives up: 503 with Retry-After (lib/db/unavailable.ts)
    // instead of queueing for ever.
    // Pipelined (node-postgres's `pipeline`): a query is sent at once, even while the one before it
    // on the same connection is still running. Code that awaits each query sees no difference; a
    // transaction may send statements that do not depend on each other together, and its COMMIT
    // right behind its last statement (lib/db/transaction.ts).
    const created = new Pool({ connectionString: databaseUrl(), max: 10, connectionTimeoutMillis: POOL_WAIT_MS, pipeline: true });
    // An idle connection the database drops (a restart, a failover) is reported as an 'error'
    // event; without a listener it is an uncaught exception. Prisma's adapter listens only once
    // Prisma has run a query, and the order path uses this pool directly. pg discards the broken
    // connection and opens a new one on the next query.
    created.on("error", (error) => console.warn(`[db] lost an idle database connection: ${error.message}`));
    globalForDb.freshBowlPool = created;
  }
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
