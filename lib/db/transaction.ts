import "server-only";
import type { PoolClient, QueryConfig, QueryResult } from "pg";
import { pool } from "@/lib/db";

/**
 * Ends the transaction: sends `statements` and the COMMIT at once (the pool's connections
 * pipeline, lib/db/index.ts), so PostgreSQL commits as soon as the last statement is done, with
 * no round trip to the shop in between; resolves with the statements' results once committed.
 * When one fails, PostgreSQL turns the COMMIT into a rollback and that failure is thrown.
 */
export type Commit = (...statements: QueryConfig[]) => Promise<QueryResult[]>;

/**
 * Runs `work` in one transaction on one connection of the pool. It commits after `work`, or
 * `work` ends it itself with `commit` (and sends nothing after): what a transaction locks in its
 * last statement is then held for no longer than that statement takes.
 */
export async function inTransaction<T>(work: (client: PoolClient, commit: Commit) => Promise<T>): Promise<T> {
  const client = await pool().connect();
  // A connection the database ends mid-transaction (a restart, a failover) fails the query in
  // hand, which answers 503, and also emits 'error': without a listener that would end the process.
  const ignore = () => undefined;
  client.on("error", ignore);
  let broken: Error | undefined;
  let committed = false;
  const commit: Commit = async (...statements) => {
    committed = true;
    // Every reply awaited, the COMMIT's too, before the client may go back to the pool.
    const settled = await Promise.allSettled([...statements.map((s) => client.query(s)), client.query("COMMIT")]);
    const failed = settled.find((r) => r.status === "rejected");
    if (failed) throw failed.reason;
    return settled.slice(0, -1).map((r) => (r as PromiseFulfilledResult<QueryResult>).value);
  };
  // Not awaited before `work`: its first statements go out right behind the BEGIN (the connection
  // pipelines), not a round trip later. Only a broken connection fails a BEGIN, and it fails
  // `work`'s statements with it; its own failure is then rethrown after `work`'s, if at all.
  const begun = client.query("BEGIN");
  begun.catch(() => undefined);
  try {
    const result = await work(client, commit);
    await begun;
    if (!committed) await client.query("COMMIT");
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
