import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { SERVER_BUNDLE } from "@/server/bundle";

// Tests that run the production server need a production build (NEXT_DIST_DIR, else .next; the
// end-to-end tests made one before the integration tests run). One that lacks a route the test
// needs (it predates it) is rebuilt first with `npm run build`, a minute or two: such test files
// run alone (vitest.config.mts), since the build regenerates lib/generated under other files.

const distDir = path.resolve(process.env.NEXT_DIST_DIR ?? ".next");

/** Builds unless the build has every one of `routes` (as `api/events`), logging to `logFile`. */
export async function ensureBuild(logFile: string, routes: string[]): Promise<void> {
  const built = [path.join(distDir, "BUILD_ID"), ...routes.map((r) => path.join(distDir, `server/app/${r}/route.js`)), SERVER_BUNDLE];
  if (built.every((file) => existsSync(file))) return;
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn("npm", ["run", "build"], { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, NODE_ENV: "production" } });
    let out = "";
    child.stdout.on("data", (c: Buffer) => (out += c.toString()));
    child.stderr.on("data", (c: Buffer) => (out += c.toString()));
    child.on("close", (c) => {
      void writeFile(logFile, out).finally(() => resolve(c));
    });
  });
  if (code !== 0) throw new Error(`npm run build failed (${code}):\n${(await readFile(logFile, "utf8")).slice(-3000)}`);
}
