// next/cache for the integration tests, which call route handlers and the catalogue's reads
// outside a Next.js server, where cacheTag() and revalidateTag() have no cache to work on (and
// throw). Reads run uncached; every expiry is recorded so a test can check what a change expires.
// The real caching is tested against a production build (tests/e2e/caching.spec.ts).

export const expiredTags: string[] = [];

export function cacheTag(...tags: string[]): void {
  void tags;
}

export function cacheLife(profile: unknown): void {
  void profile;
}

export function revalidateTag(tag: string, profile: unknown): void {
  void profile;
  expiredTags.push(tag);
}
