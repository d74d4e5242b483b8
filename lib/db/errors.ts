import "server-only";

// What a failed query says, by its code: Prisma's P-codes and PostgreSQL's SQLSTATEs (pg and
// raw SQL), so no caller compares code strings itself. Whether the database could be reached
// at all is lib/db/unavailable.ts's question.

function codeOf(error: unknown): unknown {
  return (error as { code?: unknown } | null)?.code;
}

/** A unique index refused the row (two writers raced for one e-mail, slug…). */
export function isUniqueViolation(error: unknown): boolean {
  const code = codeOf(error);
  return code === "P2002" || code === "23505";
}

/** A foreign key refused the row (what it points at was deleted meanwhile). */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = codeOf(error);
  return code === "P2003" || code === "23503";
}

/** The row to update or delete was not there (deleted by someone else meanwhile). */
export function isRecordNotFound(error: unknown): boolean {
  return codeOf(error) === "P2025";
}

/** A serializable transaction lost a race or a deadlock: it may be run again as a whole. */
export function isSerializationFailure(error: unknown): boolean {
  const code = codeOf(error);
  return code === "P2034" || code === "40001" || code === "40P01";
}
