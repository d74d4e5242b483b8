// Statements per order: what the shop (its requests and its job worker) sent PostgreSQL during an
// order load, counted by PostgreSQL itself (pg_stat_statements, loaded by the bench's database,
// bench/server.ts) and divided by the orders written. Each statement costs a socket write and a
// reply on both sides; the figure does not move with the machine's load as throughput does.
import pg from "pg";

/**
 * The bench's own statements carry this comment after their first word and are not counted
 * (pg_stat_statements keeps a statement's text from its first word: a leading comment is cut).
 */
export const BENCH_MARK = "/* bench */";

export type StatementCount = {
  perOrder: number;
  /** Calls per order of each statement (its text's start), most first. */
  each: Array<{ perOrder: number; text: string }>;
};

export type StatementCounter = { reset: () => Promise<void>; count: () => Promise<StatementCount>; close: () => Promise<void> };

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim().slice(0, 70);

export async function statementCounter(databaseUrl: string): Promise<StatementCounter> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`CREATE ${BENCH_MARK} EXTENSION IF NOT EXISTS pg_stat_statements`);
  const orders = async () => (await client.query<{ n: number }>(`SELECT ${BENCH_MARK} count(*)::int AS n FROM orders`)).rows[0].n;
  let ordersBefore = 0;
  return {
    reset: async () => {
      await client.query(`SELECT ${BENCH_MARK} pg_stat_statements_reset()`);
      ordersBefore = await orders();
    },
    count: async () => {
      const written = Math.max(1, (await orders()) - ordersBefore);
      const { rows } = await client.query<{ calls: string; query: string }>(
        `SELECT ${BENCH_MARK} sum(calls)::text AS calls, query FROM pg_stat_statements
         WHERE toplevel AND query NOT LIKE '%' || $1 || '%' GROUP BY query ORDER BY sum(calls) DESC`,
        [BENCH_MARK],
      );
      const each = rows.map((r) => ({ perOrder: Number(r.calls) / written, text: oneLine(r.query) }));
      return { perOrder: each.reduce((sum, s) => sum + s.perOrder, 0), each };
    },
    close: () => client.end(),
  };
}
