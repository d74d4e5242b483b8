// `npm run build`: `next build`, with a database to prerender from.
// Next prerenders the menu's pages at build time (cacheComponents), so the build reads the
// catalogue. With DATABASE_URL set it reads that database; without it, a throwaway embedded
// PostgreSQL with the migrations and the seeded menu. Either way, a running server renders
// every page again from its own database on first request: the page cache
// (cache-handlers/pages.mjs) never reads the build's output.
import { spawn } from "node:child_process";
import { rm } from "node:fs/promises";
import path from "node:path";
import { startEmbeddedPostgres, type EmbeddedDb } from "@/lib/db/embedded";
import { migrate } from "@/lib/db/migrate";
import { db, disconnectDb } from "@/lib/db";
import { seedMenuIfEmpty } from "@/lib/bootstrap/seed";

const log = (msg: string) => console.log(`[fresh-bowl] ${msg}`);

function nextBuild(env: NodeJS.ProcessEnv): Promise<number> {
  const bin = path.join(process.cwd(), "node_modules", "next", "dist", "bin", "next");
  const child = spawn(process.execPath, [bin, "build"], { stdio: "inherit", env });
  return new Promise((resolve) => child.on("exit", (code) => resolve(code ?? 1)));
}

async function main() {
  let embedded: EmbeddedDb | undefined;
  const dataDir = path.join(process.cwd(), `${process.env.NEXT_DIST_DIR ?? ".next"}-build-db`);
  try {
    if (!process.env.DATABASE_URL) {
      await rm(dataDir, { recursive: true, force: true });
      embedded = await startEmbeddedPostgres(dataDir);
      log("DATABASE_URL is unset: building from a throwaway embedded PostgreSQL with the seeded menu");
      await migrate(embedded.url);
      process.env.DATABASE_URL = embedded.url;
      await seedMenuIfEmpty(db());
      await disconnectDb();
    }
    process.exitCode = await nextBuild({ ...process.env, NEXT_TELEMETRY_DISABLED: process.env.NEXT_TELEMETRY_DISABLED ?? "1" });
  } finally {
    await embedded?.stop().catch(() => undefined);
    if (embedded) await rm(embedded.dataDir, { recursive: true, force: true }).catch(() => undefined);
  }
}

main().catch((error) => {
  console.error(`[fresh-bowl] build failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
