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
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
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
