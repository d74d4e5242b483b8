/**
 * An instant as a bind parameter for the `timestamp(3)` columns, which hold UTC wall-clock time
 * (as Prisma writes them). A Date handed to `pg` would be sent in the process's time zone, whose
 * offset PostgreSQL drops when casting to a timestamp without one.
 */
export function sqlTimestamp(instant: Date): string {
  return instant.toISOString().slice(0, -1);
}
