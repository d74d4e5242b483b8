import "server-only";
import { findInErrorChain } from "@/lib/db/error-chain";

// What a failed query says, by its code, whichever way the error came: Prisma's own P-codes, a
// raw query through Prisma's driver adapter (the SQLSTATE in `originalCode`, or the adapter's
// `kind`), or `pg` directly (the SQLSTATE in `code`), possibly wrapped in `cause`. No caller
// compares code strings itself. Whether the database could be reached at all is
// lib/db/unavailable.ts's question.

type Failure = "unique" | "foreign_key" | "not_found" | "serialization";

const CODES: Record<string, Failure> = {
  P2002: "unique",
  "23505": "unique",
  P2003: "foreign_key",
  "23503": "foreign_key",
  P2025: "not_found",
  P2034: "serialization",
  "40001": "serialization",
  "40P01": "serialization",
};
const ADAPTER_KINDS: Record<string, Failure> = { UniqueConstraintViolation: "unique", ForeignKeyConstraintViolation: "foreign_key" };

const text = (value: unknown): string => (typeof value === "string" ? value : "");

function failureOf(error: unknown): Failure | null {
  return findInErrorChain(error, (e) => CODES[text(e.code)] ?? CODES[text(e.originalCode)] ?? ADAPTER_KINDS[text(e.kind)]) ?? null;
}

/** A unique index refused the row (two writers raced for one e-mail, slug, idempotency key…). */
export function isUniqueViolation(error: unknown): boolean {
  return failureOf(error) === "unique";
}

/** A foreign key refused the row (what it points at was deleted meanwhile). */
export function isForeignKeyViolation(error: unknown): boolean {
  return failureOf(error) === "foreign_key";
}

/** The row to update or delete was not there (deleted by someone else meanwhile). */
export function isRecordNotFound(error: unknown): boolean {
  return failureOf(error) === "not_found";
}

/** A serializable transaction lost a race or a deadlock: it may be run again as a whole. */
export function isSerializationFailure(error: unknown): boolean {
  return failureOf(error) === "serialization";
}

const MAX_LOGGED_MESSAGE_CHARS = 500;

/**
 * What the log may say about an error: its name, its codes (Prisma's P-code, PostgreSQL's
 * SQLSTATE, Node's socket code) and its message, on one line. Never the rest of the object: pg's
 * `detail` and `where` quote the row's values ("Key (email)=(…) already exists"), and Prisma's
 * message renders the call with its arguments above the reason it gives on its last line. One
 * line, so a message quoting what someone typed cannot forge further log lines either.
 */
export function errorSummary(error: unknown): string {
  const name = error instanceof Error ? error.name : typeof error;
  const codes = new Set<string>();
  findInErrorChain(error, (e) => {
    for (const code of [text(e.code), text(e.originalCode)]) if (code) codes.add(code);
    return undefined;
  });
  const message = error instanceof Error ? error.message : "";
  const reason =
    message
      .split(/\r\n|[\n\r\u2028\u2029]/)
      .map((line) => line.trim())
      .filter(Boolean)
      .at(-1) ?? "";
  const shown = reason.length > MAX_LOGGED_MESSAGE_CHARS ? `${reason.slice(0, MAX_LOGGED_MESSAGE_CHARS)}…` : reason;
  return `${name}${codes.size ? ` [${[...codes].join(" ")}]` : ""}: ${shown}`;
}
