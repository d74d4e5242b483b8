// The run's accounts: confirmed customers written straight into the database (registering through
// the API would only exercise the mail limits), each with a session minted the way POST /api/login
// mints it (lib/auth/jwt.ts, with the AUTH_SECRET the instances share). Signing in would hash a
// password per account, and hashing is bounded to the cores (product.md §5): for the run's
// thousands of accounts it would be the setup's whole time and no part of what the run measures.
import { Client } from "pg";
import { newId } from "@/lib/db/ids";
import { encodeSession } from "@/lib/auth/jwt";
import { sleep } from "./requests";

export type Customer = { index: number; id: string; email: string; name: string; ip: string; token: string };

/** Who an account is in the run: its e-mail and name say so, for a look at the database afterwards. */
type AccountKind = "customer" | "abuser" | "streamer";

let nextIndex = 0;

/** A distinct client address per account (the instances trust one proxy), as real customers would have. */
function addressOf(index: number): string {
  return `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
}

export async function createAccounts(databaseUrl: string, kind: AccountKind, count: number): Promise<Customer[]> {
  const people = Array.from({ length: count }, () => {
    const index = nextIndex++;
    return { index, id: newId(), email: `${kind}-${index}@load.test`, name: `Load ${kind} ${index}`, ip: addressOf(index) };
  });
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO users (id, name, email, role, email_confirmed_at, created_at, updated_at)
       SELECT id, name, email, 'user', now(), now(), now() FROM unnest($1::text[], $2::text[], $3::text[]) AS u(id, name, email)`,
      [people.map((c) => c.id), people.map((c) => c.name), people.map((c) => c.email)],
    );
  } finally {
    await client.end();
  }
  // A new account's session version is 0 (prisma/schema.prisma).
  return Promise.all(
    people.map(async (p) => ({ ...p, token: await encodeSession({ sub: p.id, name: p.name, email: p.email, role: "user", sv: 0 }) })),
  );
}

export type AccountPool = {
  /** A customer account never handed out before. */
  take: () => Promise<Customer>;
  /** Every account the pool made. */
  all: Customer[];
};

/**
 * New customers for as long as the run lasts, `batch` at a time: the pool makes the next batch
 * while half of the last is left, and tries again while the database is away (a customer then
 * waits for an account, as one would wait for the sign-up page).
 */
export async function startAccountPool(databaseUrl: string, batch: number): Promise<AccountPool> {
  const all = await createAccounts(databaseUrl, "customer", batch);
  let handedOut = 0;
  let refilling: Promise<void> | undefined;
  const refill = async () => {
    for (;;) {
      try {
        all.push(...(await createAccounts(databaseUrl, "customer", batch)));
        return;
      } catch {
        await sleep(500);
      }
    }
  };
  return {
    all,
    take: async () => {
      for (;;) {
        if (!refilling && all.length - handedOut < batch / 2) refilling = refill().finally(() => (refilling = undefined));
        if (handedOut < all.length) return all[handedOut++];
        await refilling;
      }
    },
  };
}
