// The variables the browser's bundle may see. Next writes each `process.env.NEXT_PUBLIC_…` into
// the bundle where it is spelled out in full, so they are read here literally, not via env().

/** NEXT_PUBLIC_LIVE_UPDATES=poll: the pages poll instead of opening a live stream. */
export const livePollOnly = process.env.NEXT_PUBLIC_LIVE_UPDATES === "poll";
