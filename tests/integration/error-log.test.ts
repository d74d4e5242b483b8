import { afterEach, describe, expect, it, vi } from "vitest";
import { randomBytes } from "node:crypto";
import { format } from "node:util";
import { db, pool } from "@/lib/db";
import { errorResponse } from "@/lib/http";
import { thrown } from "@/tests/support/thrown";

// product.md §5 and issue 22: an unexpected error is logged by its code and message only. The
// whole pg error carries the values of the row (`detail`: "Key (email)=(…) already exists"), and
// Prisma renders the call with its arguments: neither may reach the log. Real errors from the
// real database, through the one place route handlers log them (lib/http.ts).

afterEach(() => vi.restoreAllMocks());

/** What errorResponse wrote to the log for `error`, and its reply. */
function logged(error: unknown) {
  const lines: string[] = [];
  // As the console itself formats its arguments.
  const capture = (...args: unknown[]) => void lines.push(format(...args));
  vi.spyOn(console, "error").mockImplementation(capture);
  vi.spyOn(console, "warn").mockImplementation(capture);
  const reply = errorResponse(error);
  return { reply, log: lines.join("\n") };
}

/** What the query threw. */
const failure = (run: () => Promise<unknown>) => thrown(run, "the query");

const secretEmail = () => `secret.${randomBytes(5).toString("hex")}@example.com`;

describe("the log of an unexpected error", () => {
  it("has pg's code and message, not the row's values in its detail", async () => {
    const email = secretEmail();
    await db().user.create({ data: { name: "Logged Once", email } });
    const error = await failure(() =>
      pool().query(`INSERT INTO users (id, name, email, updated_at) VALUES ($1, 'Secret Name', $2, now())`, [`id-${email}`, email]),
    );
    expect(JSON.stringify((error as { detail?: string }).detail)).toContain(email);

    const { reply, log } = logged(error);
    expect(reply.status).toBe(500);
    expect(log).toContain("23505");
    expect(log).toContain('duplicate key value violates unique constraint "users_email_key"');
    expect(log).not.toContain(email);
    expect(log).not.toContain("Secret Name");
    expect(log.split("\n")).toHaveLength(1);
  });

  it("has Prisma's code and reason, not the call's arguments", async () => {
    const email = secretEmail();
    await db().user.create({ data: { name: "Logged Twice", email } });
    const duplicate = logged(await failure(() => db().user.create({ data: { name: "Secret Name", email } })));
    expect(duplicate.log).toMatch(/P2002/);
    expect(duplicate.log).toMatch(/23505/);
    expect(duplicate.log).toMatch(/Unique constraint failed/);
    expect(duplicate.log).not.toContain(email);

    const invalid = logged(await failure(() => db().user.create({ data: { email } as unknown as { name: string; email: string } })));
    expect(invalid.log).toMatch(/Argument `name` is missing/);
    expect(invalid.log).not.toContain(email);
    expect(invalid.log.split("\n")).toHaveLength(1);
  });
});
