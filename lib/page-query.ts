// A page's own address and search params, as the admin's paged lists read and link them.

/** The first value of a search param (`?status=a&status=b` reads as "a"). */
export function firstParam(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** `path` with the params that have a value, in the order given; the bare path when none has. */
export function withQuery(path: string, params: Record<string, string | undefined>): string {
  const query = new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => Boolean(entry[1]))).toString();
  return query ? `${path}?${query}` : path;
}
