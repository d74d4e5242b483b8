import { Client } from "pg";

// A digest of every table a request could write, to prove that a refused request (4xx) wrote
// nothing. Rate-limit buckets are left out on purpose: counting a refused attempt is their job.
// Mail is a graphile-worker job, so the queue is part of the digest; pause the mail worker while
// comparing, or a job could be added and sent between two digests.

const WATCHED_TABLES = [
  "users",
  "one_time_tokens",
  "categories",
  "menu_items",
  "orders",
  "order_lines",
  "idempotency_keys",
  "complaints",
  "offers",
  "offer_uses",
  "favourites",
  "graphile_worker._private_jobs",
] as const;

// Per table: the row count and the newest row version's transaction id. Every INSERT and
// UPDATE writes row versions stamped with a transaction id newer than any before it (an UPDATE
// that changes nothing included), and a DELETE lowers the count, so any write moves one of the
// two; and it costs one pass over each table, not a hash of every row.
const DIGEST_SQL = `SELECT ${WATCHED_TABLES.map(
  (t, i) => `(SELECT count(*) || ':' || coalesce(max(xmin::text::bigint), 0) FROM ${t}) AS t${i}`,
).join(", ")}`;

type Fingerprint = Record<(typeof WATCHED_TABLES)[number], string>;

export type Fingerprinter = { take: () => Promise<Fingerprint>; close: () => Promise<void> };

export async function fingerprinter(connectionString = process.env.DATABASE_URL): Promise<Fingerprinter> {
  const client = new Client({ connectionString });
  await client.connect();
  return {
    take: async () => {
      const { rows } = await client.query<Record<string, string>>(DIGEST_SQL);
      return Object.fromEntries(WATCHED_TABLES.map((t, i) => [t, rows[0][`t${i}`]])) as Fingerprint;
    },
    close: () => client.end(),
  };
}
