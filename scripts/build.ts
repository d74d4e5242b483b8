// `npm run build`: the database brought up to date, then `next build`, which prerenders the
// menu's pages from it (cacheComponents), so the build reads the catalogue and the shop's
// settings. With DATABASE_URL set (a deploy, e.g. Vercel, where the build has the project's
// variables) that database: empty, older or current, it is migrated and seeded first, exactly as
// `npm start` does (lib/bootstrap/prepare.ts). Without it, a throwaway embedded PostgreSQL, empty,
// given to the same steps as if it were DATABASE_URL. Either way, a running server renders every
// page again from its own database on first request: the page cache (cache-handlers/pages.mjs)
// never reads the build's output.
import { spawn } from "node:child_process";
import { rm } from "node:fs/promises";
import path from "node:path";
import nextEnv from "@next/env";
import { startEmbeddedPostgres, type EmbeddedDb } from "@/lib/db/embedded";
import { prepareDatabase, preparedLogLines } from "@/lib/bootstrap/prepare";
import { adminLogLines } from "@/lib/bootstrap/admin";
import { buildServiceWorker } from "./service-worker";

const log = (msg: string) => console.log(`[fresh-bowl] ${msg}`);

function nextBuild(env: NodeJS.ProcessEnv): Promise<number> {
  const bin = path.join(process.cwd(), "node_modules", "next", "dist", "bin", "next");
  const child = spawn(process.execPath, [bin, "build"], { stdio: "inherit", env });
  return new Promise((resolve) => child.on("exit", (code) => resolve(code ?? 1)));
}

async function main() {
  // As `next build` itself will: a DATABASE_URL in .env / .env.production counts.
  nextEnv.loadEnvConfig(process.cwd(), false);
  let embedded: EmbeddedDb | undefined;
  const dataDir = path.join(process.cwd(), `${process.env.NEXT_DIST_DIR ?? ".next"}-build-db`);
  try {
    const given = process.env.DATABASE_URL;
    if (!given) {
      await rm(dataDir, { recursive: true, force: true });
      embedded = await startEmbeddedPostgres(dataDir);
      log("DATABASE_URL is unset: building from a throwaway embedded PostgreSQL with the seeded menu");
      process.env.DATABASE_URL = embedded.url;
    }
    // The admin only where it will be kept: a throwaway database needs none.
    const prepared = await prepareDatabase(process.env.DATABASE_URL!, {
      admin: given ? { email: process.env.ADMIN_EMAIL, password: process.env.ADMIN_PASSWORD } : undefined,
    });
    for (const line of preparedLogLines(prepared)) log(line);
    if (given) for (const line of adminLogLines(prepared.admin, "/login")) log(line);
    process.exitCode = await nextBuild({ ...process.env, NEXT_TELEMETRY_DISABLED: process.env.NEXT_TELEMETRY_DISABLED ?? "1" });
    if (process.exitCode === 0) {
      const precache = await buildServiceWorker(process.env.NEXT_DIST_DIR ?? ".next");
      log(`service worker: public/sw.js, ${precache.count} files precached (${(precache.bytes / 1024).toFixed(0)} KiB)`);
    }
  } finally {
    await embedded?.stop().catch(() => undefined);
    if (embedded) await rm(embedded.dataDir, { recursive: true, force: true }).catch(() => undefined);
  }
}

main().catch((error) => {
  console.error(`[fresh-bowl] build failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
