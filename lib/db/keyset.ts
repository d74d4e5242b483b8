import { Invalid } from "@/lib/errors";

// Lists read newest first (createdAt, then id) a page at a time: where a page starts, as a
// date or as the last row of the page before. Written once for orders and accounts.

const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ][0-9:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;

/** The rows made before `before` when it is written as an ISO date; null when it is not (then it names a row); `refusal` (400 `before`) for a date that is none. */
export function beforeDate(before: string, refusal: string): { createdAt: { lt: Date } } | null {
  if (!ISO_DATE.test(before)) return null;
  const date = new Date(before);
  if (Number.isNaN(date.getTime())) throw new Invalid(refusal, "before");
  return { createdAt: { lt: date } };
}

/** The rows that follow `cursor` in a newest-first list. */
export function olderThan(cursor: { id: string; createdAt: Date }) {
  // Rows made in the same millisecond are told apart by id, the list's second sort key. The
  // plain bound on createdAt lets the index start at the cursor: with the OR alone, PostgreSQL
  // read every newer row and dropped them on a deep page.
  return {
    createdAt: { lte: cursor.createdAt },
    OR: [{ createdAt: { lt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { lt: cursor.id } }],
  };
}
