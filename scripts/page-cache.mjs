// A shared cache in front of Next, in the same process, like the CDN a deployment would put
// before it: replies that say a shared cache may keep them (the cached pages, /api/menu) are
// kept here finished and compressed, and sent again without running Next's router, its cache
// lookup and gzip for every request. Measured in bench/README.md.
//
// What it keeps, and for how long, follows the reply's own Cache-Control: only 200 replies with
// `s-maxage` and without private/no-store/no-cache, never one that sets a cookie, at most
// `s-maxage` seconds (capped), and only for requests Next would answer the same way (gzip, no
// client-router headers: see its Vary). Admin changes to the menu clear it at once through
// `globalThis.freshBowlPageCache.clear()` (lib/menu/cache.ts), beside Next's own revalidateTag:
// in the instance that made the change, and in every other through the live-updates listener
// (lib/realtime/menu-expiry.ts). The build's immutable files are kept too, by other rules (below).

const MAX_ENTRIES = 64;
// Never longer than this, whatever s-maxage says (Next gives its build-time pages a year).
const MAX_SECONDS = 60;
// The build's own files (/_next/static/…: scripts, styles, fonts) carry a content hash in their
// name and say `immutable`. A phone's first visit asks for a dozen of them at once, and Next
// finds and gzips each again for every visitor (~450 of them a second on these machines against
// ~2,200–3,000 from here; bench/README.md). They are kept, compressed, for as long as the process
// runs, up to this many bytes (a build's 39 files come to under 0.4 MB), apart from the pages so
// that they never push one out, and clear() (a menu change) leaves them.
const ASSET_PREFIX = "/_next/static/";
const MAX_ASSET_BYTES = 16 * 1024 * 1024;
// Request headers Next varies its page replies on (its `Vary` header), besides Accept-Encoding.
const ROUTER_HEADERS = ["rsc", "next-router-state-tree", "next-router-prefetch", "next-router-segment-prefetch", "next-action"];

/** @typedef {{ status: number, headers: Record<string, string | string[]>, body: Buffer, etag: string | undefined, expires: number }} Entry */

/** Whether Accept-Encoding allows gzip (present, and not with q=0). */
function acceptsGzip(req) {
  const match = /(?:^|,)\s*gzip\s*(?:;\s*q\s*=\s*([0-9.]+))?\s*(?:,|$)/i.exec(req.headers["accept-encoding"] ?? "");
  return match !== null && (match[1] === undefined || Number(match[1]) > 0);
}

function cacheable(req) {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  // A live stream (GET /api/events) is never kept, and watching it would hold every event sent.
  if (String(req.headers.accept ?? "").includes("text/event-stream")) return false;
  if (ROUTER_HEADERS.some((h) => req.headers[h] !== undefined)) return false;
  return acceptsGzip(req);
}

/** Whether this Cache-Control keeps a shared cache out (private, no-store, no-cache). */
function forbidsSharing(value) {
  return /(?:^|,)\s*(?:private|no-store|no-cache)\b/.test(value);
}

/** Seconds a shared cache may keep a reply with this Cache-Control; 0 when it may not. */
function sharedMaxAge(cacheControl) {
  const value = String(cacheControl ?? "");
  if (forbidsSharing(value)) return 0;
  const match = /(?:^|,)\s*s-maxage=(\d+)/.exec(value);
  return match ? Number(match[1]) : 0;
}

/** Whether this is a reply with one of the build's immutable files. */
function immutableAsset(url, cacheControl) {
  const value = String(cacheControl ?? "");
  return url.startsWith(ASSET_PREFIX) && /(?:^|,)\s*immutable\b/.test(value) && !forbidsSharing(value);
}

export function createPageCache({ now = () => Date.now(), maxAssetBytes = MAX_ASSET_BYTES } = {}) {
  /** @type {Map<string, Entry>} */
  const entries = new Map();
  /** @type {Map<string, Entry>} */
  const assets = new Map();
  let assetBytes = 0;
  // Bumped by clear(): a reply rendered before a change must not be kept after it.
  let generation = 0;

  function fresh(key) {
    const entry = entries.get(key);
    if (!entry) return undefined;
    entries.delete(key);
    if (entry.expires <= now()) return undefined;
    entries.set(key, entry); // most recently used last
    return entry;
  }

  function keepAsset(key, entry) {
    if (assets.has(key) || assetBytes + entry.body.length > maxAssetBytes) return;
    assets.set(key, entry);
    assetBytes += entry.body.length;
  }

  function store(key, entry) {
    entries.set(key, entry);
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value);
  }

  /** Answers from the cache when it can; true when it did. */
  function serve(req, res) {
    if (!cacheable(req)) return false;
    const entry = assets.get(req.url) ?? fresh(req.url);
    if (!entry) return false;
    const inm = req.headers["if-none-match"];
    const notModified = entry.etag !== undefined && inm !== undefined && inm.split(",").some((t) => t.trim() === entry.etag);
    if (notModified) {
      res.writeHead(304, entry.headers);
      res.end();
      return true;
    }
    res.writeHead(entry.status, { ...entry.headers, "content-length": entry.body.length });
    res.end(req.method === "HEAD" ? undefined : entry.body);
    return true;
  }

  /** Watches Next's reply to `req` and keeps it if it is a cached page. */
  function capture(req, res) {
    if (req.method !== "GET" || !cacheable(req)) return;
    const key = req.url;
    const startedIn = generation;
    const chunks = [];
    let size = 0;
    const write = res.write;
    const end = res.end;
    const keep = (chunk, encoding) => {
      if (chunk === undefined || chunk === null || typeof chunk === "function") return;
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, typeof encoding === "string" ? encoding : "utf8");
      chunks.push(buffer);
      size += buffer.length;
    };
    res.write = function (chunk, encoding, callback) {
      keep(chunk, encoding);
      return write.call(this, chunk, encoding, callback);
    };
    res.end = function (chunk, encoding, callback) {
      keep(chunk, encoding);
      const result = end.call(this, chunk, encoding, callback);
      const headers = res.getHeaders();
      const seconds = Math.min(sharedMaxAge(headers["cache-control"]), MAX_SECONDS);
      // Next's "STALE" is an old copy it is rebuilding in the background: not one to keep.
      const stale = headers["x-nextjs-cache"] === "STALE";
      const etag = typeof headers.etag === "string" ? headers.etag : undefined;
      const keepable = res.statusCode === 200 && !headers["set-cookie"] && size > 0;
      if (keepable && immutableAsset(key, headers["cache-control"])) {
        keepAsset(key, { status: 200, headers, body: Buffer.concat(chunks, size), etag, expires: Infinity });
      } else if (keepable && startedIn === generation && seconds > 0 && !stale) {
        const kept = headers["x-nextjs-cache"] ? { ...headers, "x-nextjs-cache": "HIT" } : headers;
        store(key, { status: 200, headers: kept, body: Buffer.concat(chunks, size), etag, expires: now() + seconds * 1000 });
      }
      return result;
    };
  }

  function clear() {
    generation += 1;
    entries.clear();
  }

  return { serve, capture, clear, size: () => entries.size, assetCount: () => assets.size };
}
