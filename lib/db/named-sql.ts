import "server-only";
import type { QueryConfig } from "pg";
import type { Transaction } from "@/lib/db/types";

// Hand-written SQL for `pg` with named parameters (`:name`), so no one numbers `$1…$n` by hand.
// The statement is parsed once: each name becomes `$n` in order of first use, and a call maps
// its params object onto those positions. `::type` casts are left alone. Keep `:` out of string
// literals in such a statement (a time format's `HH24:MI` would read as a parameter).

const PARAMETER = /(?<![:\w]):([A-Za-z_]\w*)/g;

/** A prepared statement (parsed and planned once per connection) taking named parameters. */
export function namedStatement(name: string, text: string): (params: Record<string, unknown>) => QueryConfig {
  const names: string[] = [];
  const positional = text.replace(PARAMETER, (_, param: string) => {
    if (!names.includes(param)) names.push(param);
    return `$${names.indexOf(param) + 1}`;
  });
  return (params) => ({
    name,
    text: positional,
    values: names.map((param) => {
      if (!(param in params)) throw new Error(`${name}: no value for :${param}`);
      return params[param];
    }),
  });
}

type RawRunner = Pick<Transaction, "$queryRawUnsafe" | "$executeRawUnsafe">;

/**
 * The rows of `query` (a namedStatement's) run on a Prisma transaction: the locks and hand-written
 * statements inside a Prisma transaction are written in the same dialect as the pg ones. The
 * values are bound parameters, never spliced into the text.
 */
export function rowsIn<T>(tx: Pick<RawRunner, "$queryRawUnsafe">, { text, values = [] }: QueryConfig): Promise<T[]> {
  return tx.$queryRawUnsafe<T[]>(text, ...values);
}

/** Runs `query` on a Prisma transaction for its effect (a lock, a queued job); how many rows it touched. */
export function runIn(tx: Pick<RawRunner, "$executeRawUnsafe">, { text, values = [] }: QueryConfig): Promise<number> {
  return tx.$executeRawUnsafe(text, ...values);
}
