import "server-only";

// What kind of constraint a failed write broke, whichever way the error came: Prisma's own
// (P2002 unique, P2003 foreign key), a raw query through Prisma's driver adapter (the SQLSTATE
// in `originalCode`, or the adapter's `kind`), or `pg` directly (the SQLSTATE in `code`).
// Callers decide what it means for them (a key taken, a row gone); this only reads the error.

type Violation = "unique" | "foreign_key";

const PRISMA_CODES: Record<string, Violation> = { P2002: "unique", P2003: "foreign_key" };
const SQLSTATES: Record<string, Violation> = { "23505": "unique", "23503": "foreign_key" };
const ADAPTER_KINDS: Record<string, Violation> = { UniqueConstraintViolation: "unique", ForeignKeyConstraintViolation: "foreign_key" };

type Loose = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === "string" ? value : "");

function violationOf(error: unknown): Violation | null {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  // A chain of wrappers is short; the bound keeps a cyclic one from hanging a reply.
  while (queue.length > 0 && seen.size < 16) {
    const e = queue.shift();
    if (!e || typeof e !== "object" || seen.has(e)) continue;
    seen.add(e);
    const loose = e as Loose;
    const found =
      PRISMA_CODES[text(loose.code)] ??
      SQLSTATES[text(loose.code)] ??
      SQLSTATES[text(loose.originalCode)] ??
      ADAPTER_KINDS[text(loose.kind)];
    if (found) return found;
    queue.push(loose.cause);
    const meta = loose.meta as Loose | undefined;
    if (meta && typeof meta === "object") queue.push(meta.driverAdapterError);
  }
  return null;
}

/** The write broke a unique index (e.g. a key another request took first). */
export function isUniqueViolation(error: unknown): boolean {
  return violationOf(error) === "unique";
}
