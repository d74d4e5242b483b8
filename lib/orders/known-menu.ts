import "server-only";
import type { MenuRow } from "@/lib/orders/pricing";

// The menu rows this process last read, by id, each with its option groups and choices and the
// item's version: only a guess at an order's prices and option rules, which the write statement
// checks by version against the table (so another instance's menu change, a choice repriced or
// sold out included, costs a retry, never a wrong price). Only rows the database returned are
// kept, so it holds at most the menu.
const rows = new Map<string, MenuRow>();
const LIMIT = 5_000;

export const knownMenuRows: ReadonlyMap<string, MenuRow> = rows;

/** Replaces what is known of `ids` by the rows just read (an id missing from them is forgotten). */
export function rememberMenuRows(ids: readonly string[], read: readonly MenuRow[]): void {
  for (const id of ids) rows.delete(id);
  for (const row of read) {
    if (rows.size >= LIMIT) rows.clear();
    rows.set(row.id, row);
  }
}
