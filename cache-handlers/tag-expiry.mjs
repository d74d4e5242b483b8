// @ts-check
// When each cache tag was made stale and expired, shared by every instance of the shop.
//
// Next.js keeps this per process: revalidateTag() on one instance leaves the others serving what
// it expired. Both cache handlers (pages.mjs for prerendered pages, data.mjs for 'use cache')
// read it from here. An expiry is written to PostgreSQL and announced with NOTIFY; every
// instance LISTENs, and reloads the whole table when it (re)connects, so a notice missed while
// the connection was down is not lost.
//
// Next.js loads cache handlers itself, outside its bundles, so this is plain JavaScript with
// types checked by TypeScript.
import pg from "pg";

const CHANNEL = "fresh_bowl_cache_tags";
const RECONNECT_MS = 1_000;

/** @typedef {{ stale: number, expired: number | undefined }} TagState */

/** @type {Map<string, TagState>} */
const tags = new Map();
/** @type {pg.Client | undefined} */
let listening;
/** @type {Promise<void> | undefined} */
let firstConnect;
// Both handlers hear of one revalidateTag(): it is shared once.
/** @type {Map<string, number>} */
const recentlyShared = new Map();
const SAME_EXPIRY_MS = 1_000;
const CONNECT_WAIT_MS = 3_000;

/** @param {string} tag @param {number} stale @param {number | undefined} expired */
function remember(tag, stale, expired) {
  const known = tags.get(tag);
  tags.set(tag, {
    stale: Math.max(known?.stale ?? 0, stale),
    expired: expired === undefined ? known?.expired : Math.max(known?.expired ?? 0, expired),
  });
}

/** Starts listening once DATABASE_URL is known; `next build` has none, and keeps its tags in memory. */
function start() {
  if (firstConnect || !process.env.DATABASE_URL) return firstConnect;
  firstConnect = connect();
  return firstConnect;
}

/** @returns {Promise<void>} resolves once connected, or after the first failure (it keeps retrying) */
async function connect() {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL, application_name: "fresh-bowl cache tags" });
  const retry = () => {
    if (listening === client) listening = undefined;
    client.end().catch(() => undefined);
    setTimeout(() => void connect(), RECONNECT_MS).unref();
  };
  client.on("error", retry);
  client.on("notification", (message) => {
    if (message.channel !== CHANNEL || !message.payload) return;
    try {
      const { tags: changed, stale, expired } = JSON.parse(message.payload);
      for (const tag of changed) remember(String(tag), Number(stale), expired === null ? undefined : Number(expired));
    } catch {
      // Not one of ours: ignored.
    }
  });
  try {
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    const { rows } = await client.query("SELECT tag, stale_at, expired_at FROM cache_tag_expirations");
    for (const row of rows) remember(row.tag, Number(row.stale_at), row.expired_at === null ? undefined : Number(row.expired_at));
    listening = client;
  } catch {
    retry();
  }
}

/**
 * Records that `changed` went stale now and expire after `expireSeconds` (at once when
 * undefined), here at once and on every other instance through the database.
 * @param {string[]} changed
 * @param {number | undefined} expireSeconds
 */
export async function expireTags(changed, expireSeconds) {
  const connecting = start();
  const now = Date.now();
  const expired = expireSeconds === undefined ? now : now + expireSeconds * 1000;
  for (const tag of changed) remember(tag, now, expired);
  const key = `${changed.join("\n")}|${expireSeconds}`;
  if (changed.length === 0 || now - (recentlyShared.get(key) ?? 0) < SAME_EXPIRY_MS) return;
  if (recentlyShared.size > 100) recentlyShared.clear();
  recentlyShared.set(key, now);
  if (connecting) await Promise.race([connecting, new Promise((resolve) => setTimeout(resolve, CONNECT_WAIT_MS).unref())]);
  const client = listening;
  if (!client) return;
  try {
    await client.query(
      `INSERT INTO cache_tag_expirations (tag, stale_at, expired_at) SELECT unnest($1::text[]), $2, $3
       ON CONFLICT (tag) DO UPDATE SET stale_at = GREATEST(cache_tag_expirations.stale_at, EXCLUDED.stale_at),
         expired_at = GREATEST(cache_tag_expirations.expired_at, EXCLUDED.expired_at)`,
      [changed, now, expired],
    );
    await client.query("SELECT pg_notify($1, $2)", [CHANNEL, JSON.stringify({ tags: changed, stale: now, expired })]);
  } catch (error) {
    // This instance has already dropped them; the others catch up when their listener reconnects.
    console.warn(`[cache] could not share the expiry of ${changed.join(", ")}: ${error instanceof Error ? error.message : error}`);
  }
}

/**
 * Whether something made at `timestamp` with these tags may not be served any more (`expired`),
 * may be served while it is made again (`stale`), or is fresh.
 * @param {readonly string[]} entryTags
 * @param {number} timestamp
 * @returns {"expired" | "stale" | "fresh"}
 */
export function tagsState(entryTags, timestamp) {
  start();
  const now = Date.now();
  let state = /** @type {"expired" | "stale" | "fresh"} */ ("fresh");
  for (const tag of entryTags) {
    const known = tags.get(tag);
    if (!known) continue;
    if (known.expired !== undefined && known.expired > timestamp && known.expired <= now) return "expired";
    if (known.stale > timestamp) state = "stale";
  }
  return state;
}

/**
 * The latest time any of these tags expired, 0 when never.
 * @param {readonly string[]} someTags
 */
export function latestExpiry(someTags) {
  start();
  const now = Date.now();
  let latest = 0;
  for (const tag of someTags) {
    const expired = tags.get(tag)?.expired;
    if (expired !== undefined && expired <= now) latest = Math.max(latest, expired);
  }
  return latest;
}
