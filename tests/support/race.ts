import { Client } from "pg";
import { expect } from "vitest";

/**
 * Runs `start` while another connection holds a lock taken by `lockSql`, waits until `waiters`
 * of the requests are queued behind it, then lets them all go at once: a real race, not a
 * sequence that merely happens to overlap.
 */
export async function raceBehindLock<T>(lockSql: string, waiters: number, start: () => Promise<T>): Promise<T> {
  const blocker = new Client({ connectionString: process.env.DATABASE_URL });
  // A second connection watches: inside the blocker's transaction pg_stat_activity is a frozen snapshot.
  const watcher = new Client({ connectionString: process.env.DATABASE_URL });
  await Promise.all([blocker.connect(), watcher.connect()]);
  try {
    await blocker.query("BEGIN");
    await blocker.query(lockSql);
    const running = start();
    await expect
      .poll(
        async () => {
          const { rows } = await watcher.query(
            "SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()",
          );
          return rows[0].n as number;
        },
        { timeout: 4_000, interval: 20 },
      )
      .toBe(waiters);
    await blocker.query("COMMIT");
    return await running;
  } finally {
    await Promise.all([blocker.end(), watcher.end()]);
  }
}
