// The shop under test: an embedded PostgreSQL of the bench's own (so the plain-pg baseline can
// write to the same database) and the real start script on a production build, exactly as
// `npm start` runs it, with the server's output in a log file. It runs as a real shop does
// (issue 36): mail on, sent through the Resend SDK to a local capture server; the Razorpay
// gateway configured, pointing at the local gateway imitation; the server in a time zone that is
// not India's (TZ=America/Los_Angeles, as the tests run it); the order limits raised.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, openSync, closeSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { freePort, startEmbeddedPostgres, type EmbeddedDb } from "@/lib/db/embedded";
import { migrate } from "@/lib/db/migrate";
import { SERVER_BUNDLE } from "@/server/bundle";
import { ADMIN, config, distDir } from "./config";
import { STATIC_PATH, removeStaticFile, writeStaticFile } from "./static-file";
import { tsxArgs } from "@/tests/support/tsx";
import { shopEnv } from "@/tests/support/shop-env";
import { startMailCapture, type MailCapture } from "@/tests/support/mail-capture";
import { startGatewayImitation } from "@/imitations/razorpay/server";

/** The order limits of a real shop, raised so the bench's one customer is never refused (product.md §5). */
const RAISED_LIMITS = { ORDER_LIMIT_PER_ACCOUNT: "1000000", ORDER_LIMIT_PER_IP: "1000000", OPEN_ORDERS_PER_CUSTOMER: "1000000" };

export type Stack = {
  /** Where load goes: the loopback address itself, so no name lookup sits in the measurement. */
  base: string;
  /** Where browsers go: the origin the shop believes it has (APP_URL), so links and cookies match. */
  browserBase: string;
  databaseUrl: string;
  /** The start script's process (tsx); the Next server and its helpers are its descendants. */
  pid: number;
  staticFile: { bytes: number; gzipBytes: number };
  /** The Resend stand-in the shop's mails arrive at (the bench empties it as it counts them). */
  mail: MailCapture;
  logFile: string;
  stop: () => Promise<void>;
};

/** A failure with a one-line explanation the runner prints instead of a stack trace. */
export class BenchError extends Error {}

export function requireBuild(): void {
  for (const file of [path.join(distDir(), "BUILD_ID"), SERVER_BUNDLE]) {
    if (!existsSync(file)) {
      throw new BenchError(
        `No production build (${path.relative(process.cwd(), file)} is missing): run \`npm run build\` first, then \`npm run bench\`.`,
      );
    }
  }
}

async function logTail(file: string, lines = 30): Promise<string> {
  const text = await readFile(file, "utf8").catch(() => "");
  return text.split("\n").slice(-lines).join("\n");
}

/** Polls until the server answers both a page and the static file (no fixed sleeps). */
async function waitUntilReady(base: string, child: ChildProcess, logFile: string, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new BenchError(
        `The shop exited during start (code ${child.exitCode ?? child.signalCode}). Its log:\n${await logTail(logFile)}`,
      );
    }
    try {
      const [page, file] = await Promise.all([fetch(`${base}/login`), fetch(`${base}${STATIC_PATH}`)]);
      await Promise.all([page.arrayBuffer(), file.arrayBuffer()]);
      if (page.ok && file.ok) return;
      if (page.ok && file.status === 404) {
        throw new BenchError(`The shop does not serve public${STATIC_PATH} (404): the static baseline cannot be measured.`);
      }
    } catch (error) {
      if (error instanceof BenchError) throw error;
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new BenchError(`The shop did not answer within ${timeoutMs / 1000} s. Its log:\n${await logTail(logFile)}`);
}

async function stopProcess(child: ChildProcess, timeoutMs = 30_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  // The start script forwards SIGTERM to the Next server, which closes its connections and
  // exits (writing a CPU profile when --cpu-prof is on); the database stops after it.
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  await exited;
  clearTimeout(timer);
}

/**
 * Starts PostgreSQL, the migrations and the shop. `serverEnv` adds variables for the shop's
 * processes only (the profiler's NODE_OPTIONS must not reach the bench process itself).
 */
export async function startStack(serverEnv: Record<string, string> = {}): Promise<Stack> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), "fresh-bowl-bench-"));
  const cleanups: Array<() => Promise<void>> = [() => rm(tmp, { recursive: true, force: true })];
  let child: ChildProcess | undefined;
  let db: EmbeddedDb | undefined;
  const stop = async () => {
    // Server first (it holds database connections), then the database, then the files.
    if (child) await stopProcess(child).catch((e) => console.error(`could not stop the shop: ${e}`));
    if (db) await db.stop().catch((e) => console.error(`could not stop PostgreSQL: ${e}`));
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  };
  try {
    // The temp dir itself is the data root: startEmbeddedPostgres opens it to the "postgres"
    // user it runs as under root, which a subfolder of a 0700 mkdtemp folder would not be.
    // pg_stat_statements loaded (not yet created): bench:orders counts each order's statements with it.
    db = await startEmbeddedPostgres(tmp, undefined, { settings: { shared_preload_libraries: "pg_stat_statements" } });
    await migrate(db.url);

    const mail = await startMailCapture();
    cleanups.push(() => mail.close());
    const gateway = await startGatewayImitation();
    cleanups.push(() => gateway.close());

    const staticFile = await writeStaticFile();
    cleanups.push(removeStaticFile);

    const port = config.port ?? (await freePort());
    const logFile = path.join(tmp, "server.log");
    const log = openSync(logFile, "a");
    // Kept after the temp dir is gone, for a look at what the server said during the run.
    cleanups.push(() => mkdir(".bench", { recursive: true }).then(() => copyFile(logFile, path.join(".bench", "server.log"))));
    const browserBase = `http://localhost:${port}`;
    // Its events go to the shop's webhook route, as Razorpay's would.
    gateway.webhooks.url = `${browserBase}/api/payments/razorpay/webhook`;
    child = spawn(process.execPath, tsxArgs(process.cwd(), "scripts/start.ts", "start"), {
      env: {
        ...shopEnv({ port, dataDir: tmp, mail, resendKey: "re_bench_capture", gateway, admin: ADMIN }),
        DATABASE_URL: db.url,
        // Plain http, so the session cookie is `next-auth.session-token` (no __Host- prefix).
        APP_URL: browserBase,
        NEXTAUTH_URL: browserBase,
        NEXT_TELEMETRY_DISABLED: "1",
        ...RAISED_LIMITS,
        ...serverEnv,
      },
      // A file, never a pipe nobody reads, which would stall the server once full.
      stdio: ["ignore", log, log],
    });
    closeSync(log);
    const base = `http://127.0.0.1:${port}`;
    await waitUntilReady(base, child, logFile);
    return { base, browserBase, databaseUrl: db.url, pid: child.pid!, staticFile, mail, logFile, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Ctrl-C or a kill still stops the shop and the database and removes the temp files. */
export function stopOnSignal(stop: () => Promise<void>): void {
  let stopping = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      console.error(`\n${signal}: stopping the shop and the database …`);
      void stop().finally(() => process.exit(130));
    });
  }
}
