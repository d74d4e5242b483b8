import "server-only";

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

type Loose = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === "string" ? value : "");

function failureOf(error: unknown): Failure | null {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  // A chain of wrappers is short; the bound keeps a cyclic one from hanging a reply.
  while (queue.length > 0 && seen.size < 16) {
    const e = queue.shift();
    if (!e || typeof e !== "object" || seen.has(e)) continue;
    seen.add(e);
    const loose = e as Loose;
    const found = CODES[text(loose.code)] ?? CODES[text(loose.originalCode)] ?? ADAPTER_KINDS[text(loose.kind)];
    if (found) return found;
    queue.push(loose.cause);
    const meta = loose.meta as Loose | undefined;
    if (meta && typeof meta === "object") queue.push(meta.driverAdapterError);
  }
  return null;
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
