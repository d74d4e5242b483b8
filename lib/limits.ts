// Limits the shop's server (server/) and its route handlers (lib/http.ts) share. Client-safe:
// no imports, so the server bundle and next.config.ts can read it too.

/** The largest request body the shop accepts, on every route (product.md §5). */
export const MAX_BODY_BYTES = 100 * 1024;
