// What every domain's rows.ts does to turn a database row into a record of the JSON API:
// name the id twice, and copy the columns the reply shows as they are, by name.

/** Entities carry both `id` and `_id` (same value) for clients of the old app (product.md §4). */
export function withIds(id: string): { id: string; _id: string } {
  return { id, _id: id };
}

/** The named fields of a row, unchanged, and nothing else: a reply never carries a column it did not name. */
export function pick<T extends object, K extends keyof T>(row: T, keys: readonly K[]): Pick<T, K> {
  const picked = {} as Pick<T, K>;
  for (const key of keys) picked[key] = row[key];
  return picked;
}
