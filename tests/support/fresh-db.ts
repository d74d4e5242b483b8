import { randomBytes } from "node:crypto";
import { Client } from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { migrate } from "@/lib/db/migrate";

/** Runs `fn` against a brand-new empty database on the same server as `baseUrl`, then drops it. */
export async function withFreshDatabase<T>(baseUrl: string, fn: (url: string) => Promise<T>): Promise<T> {
  const name = `fresh_${randomBytes(4).toString("hex")}`;
  const admin = new Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  try {
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    return await fn(url.toString());
  } finally {
    await dropWhenLeft(admin, name);
    await admin.end();
  }
}

/**
 * Drops the database once its clients have gone. A pool that was just ended (graphile-worker's
 * in migrate()) may still be closing its connections: forcing the drop then kills them first,
 * and their "terminating connection" error arrives at a client nobody listens to any more,
 * an uncaught exception in the test run. Whatever a test left open is still cut off in the end.
 */
async function dropWhenLeft(admin: Client, name: string) {
  for (let waited = 0; waited < 3_000; waited += 50) {
    const { rows } = await admin.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1", [name]);
    if (rows[0].n === 0) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}

/** A migrated empty database with its own Prisma client. */
export async function withMigratedDatabase<T>(baseUrl: string, fn: (prisma: PrismaClient) => Promise<T>): Promise<T> {
  return withFreshDatabase(baseUrl, async (url) => {
    await migrate(url);
    const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: url }) });
    try {
      return await fn(prisma);
    } finally {
      await prisma.$disconnect();
    }
  });
}
