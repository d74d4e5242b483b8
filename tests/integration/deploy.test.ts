import { randomBytes } from "node:crypto";
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import { afterEach, describe, expect, inject, it } from "vitest";
import { mailbox, pauseMailWorker, resumeMailWorker } from "./setup";
import { call, randomIp } from "@/tests/support/api";
import { withFreshDatabase } from "@/tests/support/fresh-db";
import type { CapturedMail } from "@/tests/support/mail-capture";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { prepareDatabase } from "@/lib/bootstrap/prepare";
import { listMigrations, migrate } from "@/lib/db/migrate";
import { resetEnvCache } from "@/lib/env";
import { register } from "@/lib/auth/accounts";
import { GET as cronJobs } from "@/app/api/cron/jobs/route";

// One deployment anywhere (product.md §15). `npm run build` prepares whatever database it is
// given before Next prerenders from it (scripts/build.ts → prepareDatabase): an empty one (a first
// deploy on Vercel), one an older release migrated, or its own throwaway one. And where no worker
// keeps running, the scheduler's GET /api/cron/jobs runs what is due, for the cron secret only.

const server = () => inject("databaseUrl");
/** Each case migrates a whole database from nothing, the slowest thing these files do. */
const MIGRATES_MS = 90_000;

/** What `next build` reads while it prerenders: the menu and the shop's settings, through Prisma. */
async function readsLikeTheBuild(url: string) {
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: url }) });
  try {
    const [items, business] = await Promise.all([prisma.menuItem.count(), prisma.businessDetails.findFirst()]);
    return { items, business };
  } finally {
    await prisma.$disconnect();
  }
}

describe("the build's database step", () => {
  it("migrates and seeds an empty database, and a second build changes nothing", { timeout: MIGRATES_MS }, async () => {
    await withFreshDatabase(server(), async (url) => {
      const all = (await listMigrations()).map((m) => m.name);
      expect(await prepareDatabase(url)).toMatchObject({ applied: all, seeded: 18, admin: null });
      expect(await readsLikeTheBuild(url)).toEqual({ items: 18, business: null });
      expect(await prepareDatabase(url)).toMatchObject({ applied: [], seeded: 0 });
    });
  });

  it("brings a database an older release migrated up to date, before business details existed", { timeout: MIGRATES_MS }, async () => {
    const before = await mkdtemp(path.join(tmpdir(), "fb-older-"));
    try {
      const all = await listMigrations();
      const older = all.filter((m) => m.name < "20261128040000");
      for (const m of older)
        await cp(path.join(process.cwd(), "prisma/migrations", m.name), path.join(before, m.name), { recursive: true });
      await withFreshDatabase(server(), async (url) => {
        await migrate(url, before);
        const email = `chef.${randomBytes(4).toString("hex")}@example.com`;
        const prepared = await prepareDatabase(url, { admin: { email, password: "kitchen-build-pass" } });
        expect(prepared.applied).toEqual(all.slice(older.length).map((m) => m.name));
        expect(prepared.admin).toEqual({ action: "created", email });
        expect(await readsLikeTheBuild(url)).toEqual({ items: 18, business: null });
      });
    } finally {
      await rm(before, { recursive: true, force: true });
    }
  });
});

describe("GET /api/cron/jobs", () => {
  const SECRET = "cron-secret-for-the-integration-tests";
  const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
  const withSecret = (secret: string | undefined) => {
    if (secret === undefined) delete process.env.CRON_SECRET;
    else process.env.CRON_SECRET = secret;
    resetEnvCache();
  };

  afterEach(async () => {
    withSecret(undefined);
    await resumeMailWorker();
  });

  it("refuses a caller without the secret, with a wrong one, and everyone while CRON_SECRET is unset", async () => {
    const unauthorized = { error: expect.any(String), code: "unauthorized" };
    withSecret(undefined);
    for (const init of [{}, bearer(SECRET), bearer("undefined")]) {
      const reply = await call(cronJobs, "GET", "/api/cron/jobs", init);
      expect([reply.status, reply.json]).toEqual([401, unauthorized]);
    }
    withSecret(SECRET);
    for (const init of [{}, bearer(`${SECRET}x`), { headers: { authorization: SECRET } }]) {
      const reply = await call(cronJobs, "GET", "/api/cron/jobs", init);
      expect([reply.status, reply.json]).toEqual([401, unauthorized]);
    }
  });

  it("runs a due mail job with the secret, while no worker is running", async () => {
    withSecret(SECRET);
    const email = `cron.${randomBytes(5).toString("hex")}@example.com`;
    const toThem = (m: CapturedMail) => m.to.includes(email);
    await pauseMailWorker();
    // Queued while no worker runs: only the scheduler's call can send it.
    await register({ name: "Asha Rao", email, password: "crunchy-greens-42" }, randomIp());
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailbox.mails.filter(toThem)).toEqual([]);

    const reply = await call(cronJobs, "GET", "/api/cron/jobs", bearer(SECRET));
    expect(reply.status, reply.text).toBe(200);
    expect(reply.json).toEqual({ ran: expect.any(Number), failed: 0, stoppedAtLimit: false });
    expect((reply.json as { ran: number }).ran).toBeGreaterThanOrEqual(1);
    expect(reply.headers.get("cache-control")).toBe("no-store");
    // Sent during the call: it is there as soon as the reply is.
    expect(mailbox.mails.filter(toThem).map((m) => m.subject)).toEqual([expect.stringMatching(/confirm/i)]);
  });
});
