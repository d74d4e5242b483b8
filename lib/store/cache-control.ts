// The shop's state changes by the minute (the ASAP promise) and at once when the kitchen pauses:
// a CDN may share a reply for a few seconds, a browser must ask again.
export const STORE_CACHE_CONTROL = "public, max-age=0, s-maxage=5, stale-while-revalidate=5";
