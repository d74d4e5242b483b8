// The customers: confirmed accounts written straight into the database (registering through the
// API would only exercise the mail limits), then each signs in through POST /api/login on one
// of the instances, as the shop's checkout does, and keeps the bearer token.
import { Client } from "pg";
import { newId } from "@/lib/db/ids";
import { hashPassword } from "@/lib/auth/password";
import { CUSTOMER_PASSWORD, type LoadConfig } from "./config";
import { backoffMs, retryable, send, sleep } from "./requests";

export type Customer = { index: number; id: string; email: string; name: string; ip: string; token: string };

export async function createCustomers(databaseUrl: string, count: number): Promise<Omit<Customer, "token">[]> {
  // One hash for all: the password is the same, and hashing thousands would only slow the setup.
  const passwordHash = await hashPassword(CUSTOMER_PASSWORD);
  const customers = Array.from({ length: count }, (_, index) => ({
    index,
    id: newId(),
    email: `load-${index}@load.test`,
    name: `Load Customer ${index}`,
    // Each customer comes from its own address (the instances trust one proxy), as real customers would.
    ip: `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`,
  }));
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO users (id, name, email, password_hash, role, email_confirmed_at, created_at, updated_at)
       SELECT id, name, email, $4, 'user', now(), now(), now() FROM unnest($1::text[], $2::text[], $3::text[]) AS u(id, name, email)`,
      [customers.map((c) => c.id), customers.map((c) => c.name), customers.map((c) => c.email), passwordHash],
    );
  } finally {
    await client.end();
  }
  return customers;
}

/** Signs every customer in, a few at a time, alternating between the instances. */
export async function signIn(people: Omit<Customer, "token">[], bases: string[], config: LoadConfig): Promise<Customer[]> {
  const signedIn: Customer[] = [];
  let next = 0;
  const worker = async () => {
    while (next < people.length) {
      const person = people[next++];
      for (let attempt = 0; ; attempt++) {
        const instance = (person.index + attempt) % bases.length;
        const { outcome, json } = await send("login", instance, `${bases[instance]}/api/login`, {
          headers: { "x-forwarded-for": person.ip },
          body: JSON.stringify({ email: person.email, password: CUSTOMER_PASSWORD }),
          timeoutMs: config.timeoutMs,
        });
        const token = (json as { token?: unknown } | undefined)?.token;
        if (outcome.status === 200 && typeof token === "string") {
          signedIn.push({ ...person, token });
          break;
        }
        if (!retryable(outcome) || attempt >= 20) {
          throw new Error(`${person.email} could not sign in: ${outcome.status ?? outcome.error} ${JSON.stringify(json)}`);
        }
        await sleep(backoffMs(outcome, attempt));
      }
    }
  };
  await Promise.all(Array.from({ length: config.loginConcurrency }, worker));
  return signedIn.sort((a, b) => a.index - b.index);
}
