import "server-only";
import type { PoolClient } from "pg";
import { pool } from "@/lib/db";

/** Runs `work` in one transaction on one connection of the pool. */
export async function inTransaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool().connect();
  // A connection the database ends mid-transaction (a restart, a failover) fails the query in
  // hand, which answers 503, and also emits 'error': without a listener that would end the process.
  const ignore = () => undefined;
  client.on("error", ignore);
  let broken: Error | undefined;
  try {
    await client.query("BEGIN");
    const result = await work(client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    // A connection that cannot even roll back is broken: pg then closes it instead of reusing it.
    broken = await client.query("ROLLBACK").then(
      () => undefined,
      (rollbackError: Error) => rollbackError,
    );
    throw error;
  } finally {
    client.off("error", ignore);
    client.release(broken);
  }
}
