import "@/lib/validation";
import { z } from "zod";
import { ROW_ID } from "@/lib/db/row-id";

// Our row ids (Prisma's cuid(), lib/db/ids.ts) as input: letters, digits, `-` and `_`, at most
// 64. Ids from a URL or a body are checked against this before any query: anything else cannot
// name a row, and some text (a NUL character) makes PostgreSQL refuse the query itself, which
// would be a 500. Client-safe: the cart checks the ids it keeps with it too.

export function looksLikeRowId(id: string | null | undefined): id is string {
  return typeof id === "string" && ROW_ID.test(id);
}

/** A row id field, trimmed, with `message` for anything that cannot be one. */
export const rowIdSchema = (message = "must be an id") => z.string({ error: message }).trim().refine(looksLikeRowId, message);
