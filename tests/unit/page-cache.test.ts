// The shared page cache in front of Next (scripts/page-cache.mjs), over real HTTP: each test
// starts a node:http server wired exactly as scripts/serve.mjs wires it, with a small stand-in
// for Next that counts its runs and answers the way Next does (gzip through res.write/res.end,
// Cache-Control, ETag, x-nextjs-cache). "The handler ran again" is how a miss shows.
import { createServer, request, type IncomingMessage, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import { createGzip, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";

type PageCache = {
  serve: (req: IncomingMessage, res: ServerResponse) => boolean;
  capture: (req: IncomingMessage, res: ServerResponse) => void;
  clear: () => void;
  size: () => number;
  assetCount: () => number;
};
// tsconfig has allowJs off, so the .mjs module has no types: this is its shape.
const { createPageCache } =
  // @ts-expect-error -- no declaration file for the .mjs module (allowJs is off); typed just below.
  (await import("@/scripts/page-cache.mjs")) as {
    createPageCache: (options?: { now?: () => number; maxAssetBytes?: number }) => PageCache;
  };

/** What the stand-in for Next answers; the body defaults to one naming the URL and the run. */
type Reply = { status?: number; headers?: Record<string, string | string[]>; body?: string; hold?: Promise<void> };

/** Next's Vary on its pages. */
const VARY = "rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch, Accept-Encoding";
const CACHED = "s-maxage=60, stale-while-revalidate=300";
const GZIP = { "accept-encoding": "gzip, deflate, br" };

type Started = {
  pages: PageCache;
  runs: () => number;
  get: (path: string, headers?: Record<string, string>, method?: string) => Promise<Received>;
};
type Received = { status: number; headers: IncomingHttpHeaders; raw: Buffer; text: string };

let clock = 1_700_000_000_000;
const servers: Server[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

/** Starts the production wiring with a stand-in for Next whose reply `reply` decides. */
async function start(
  reply: (req: IncomingMessage) => Reply = () => ({ headers: { "cache-control": CACHED } }),
  options: { maxAssetBytes?: number } = {},
): Promise<Started> {
  const pages = createPageCache({ now: () => clock, ...options });
  let runs = 0;

  async function handle(req: IncomingMessage, res: ServerResponse) {
    runs += 1;
    const run = runs;
    const answer = reply(req);
    if (answer.hold) await answer.hold;
    res.statusCode = answer.status ?? 200;
    res.setHeader("content-type", "text/html; charset=utf-8");
    for (const [name, value] of Object.entries(answer.headers ?? {})) res.setHeader(name, value);
    // Written for HEAD too: Node sends no body for HEAD (nor 304), whatever is written.
    const body = Buffer.from(answer.body ?? `<p>${req.method} ${req.url} run ${run}</p>`.repeat(50));
    if (/\bgzip\b/.test(req.headers["accept-encoding"] ?? "")) {
      // Like Next's compression: a gzip stream piped into the reply (res.write, then res.end).
      res.setHeader("content-encoding", "gzip");
      res.setHeader("vary", VARY);
      const gzip = createGzip();
      gzip.pipe(res);
      gzip.write(body.subarray(0, 100));
      gzip.end(body.subarray(100));
      return;
    }
    res.setHeader("content-length", body.length);
    res.write(body.subarray(0, 100));
    res.end(body.subarray(100));
  }

  const server = createServer((req, res) => {
    if (pages.serve(req, res)) return;
    pages.capture(req, res);
    void handle(req, res);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  function get(path: string, headers: Record<string, string> = GZIP, method = "GET") {
    return new Promise<Received>((resolve, reject) => {
      const req = request({ host: "127.0.0.1", port, path, method, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", reject);
        res.on("end", () => {
          const raw = Buffer.concat(chunks);
          const plain = res.headers["content-encoding"] === "gzip" && raw.length > 0 ? gunzipSync(raw) : raw;
          resolve({ status: res.statusCode ?? 0, headers: res.headers, raw, text: plain.toString("utf8") });
        });
      });
      req.on("error", reject);
      req.end(method === "POST" ? "name=value" : undefined);
    });
  }

  return { pages, runs: () => runs, get };
}

describe("a cacheable page is answered from the cache", () => {
  it("a gzip GET of a 200 with s-maxage is sent again from the cache, the same bytes and headers", async () => {
    const security = {
      "content-security-policy": "default-src 'self'; frame-ancestors 'none'",
      "x-content-type-options": "nosniff",
      "x-frame-options": "DENY",
      "referrer-policy": "strict-origin-when-cross-origin",
      "strict-transport-security": "max-age=63072000",
    };
    const app = await start(() => ({
      headers: { "cache-control": CACHED, "x-nextjs-cache": "HIT", etag: '"page-v1"', ...security },
    }));

    const first = await app.get("/menu");
    const second = await app.get("/menu");

    expect(app.runs()).toBe(1);
    expect(app.pages.size()).toBe(1);
    expect(first.status).toBe(200);
    expect(first.text).toContain("<p>GET /menu run 1</p>");
    expect(second.status).toBe(200);
    expect(second.text).toBe(first.text);
    expect(second.raw.equals(first.raw)).toBe(true);
    for (const name of ["content-type", "etag", "content-encoding", "cache-control", "vary", "x-nextjs-cache", ...Object.keys(security)]) {
      expect(second.headers[name], name).toBe(first.headers[name]);
    }
    expect(second.headers["content-encoding"]).toBe("gzip");
    expect(second.headers["cache-control"]).toBe(CACHED);
    expect(second.headers["content-length"]).toBe(String(second.raw.length));
  });

  it("Next's MISS is kept and sent again as a HIT", async () => {
    const app = await start(() => ({ headers: { "cache-control": CACHED, "x-nextjs-cache": "MISS" } }));
    expect((await app.get("/")).headers["x-nextjs-cache"]).toBe("MISS");
    const again = await app.get("/");
    expect(app.runs()).toBe(1);
    expect(again.headers["x-nextjs-cache"]).toBe("HIT");
  });
});

describe("replies a shared cache may not keep are not kept", () => {
  it.each<[string, Reply]>([
    ["private", { headers: { "cache-control": "private, s-maxage=60" } }],
    ["no-store", { headers: { "cache-control": "no-store, s-maxage=60" } }],
    ["no-cache", { headers: { "cache-control": "s-maxage=60, no-cache" } }],
    ["Next's dynamic pages", { headers: { "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate" } }],
    ["max-age without s-maxage", { headers: { "cache-control": "public, max-age=31536000" } }],
    ["no Cache-Control", { headers: {} }],
    ["s-maxage=0", { headers: { "cache-control": "s-maxage=0" } }],
    ["a set-cookie", { headers: { "cache-control": CACHED, "set-cookie": "session=abc; HttpOnly; Path=/" } }],
    ["a 404", { status: 404, headers: { "cache-control": CACHED } }],
    ["a 307 redirect", { status: 307, headers: { "cache-control": CACHED, location: "/login" } }],
    ["a 500", { status: 500, headers: { "cache-control": CACHED } }],
    ["Next's STALE copy", { headers: { "cache-control": CACHED, "x-nextjs-cache": "STALE" } }],
  ])("a reply with %s", async (_, answer) => {
    const app = await start(() => answer);
    const first = await app.get("/menu");
    expect(first.status).toBe(answer.status ?? 200);
    const second = await app.get("/menu");
    expect(app.runs()).toBe(2);
    expect(app.pages.size()).toBe(0);
    expect(second.text).toContain("run 2");
  });

  it("a reply to a client without gzip, and a kept gzip reply is not sent to such a client", async () => {
    const app = await start();
    for (const headers of [
      {},
      { "accept-encoding": "br" },
      { "accept-encoding": "identity" },
      { "accept-encoding": "gzip;q=0, identity" },
    ] as Record<string, string>[]) {
      const before = app.runs();
      const first = await app.get("/menu", headers);
      const second = await app.get("/menu", headers);
      expect(app.runs()).toBe(before + 2);
      // (The stand-in for Next reads Accept-Encoding loosely; only the cache's reading matters here.)
      if (headers["accept-encoding"]?.includes("gzip")) continue;
      expect(first.headers["content-encoding"]).toBeUndefined();
      expect(second.headers["content-encoding"]).toBeUndefined();
    }
    expect(app.pages.size()).toBe(0);

    // Now a gzip GET is kept (so the setup can cache)...
    await app.get("/menu");
    await app.get("/menu");
    expect(app.runs()).toBe(9);
    // ...but is not sent to a client that cannot decode it.
    const plain = await app.get("/menu", {});
    expect(app.runs()).toBe(10);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.text).toContain("run 10");
  });

  it.each([
    ["rsc", "1"],
    ["next-router-prefetch", "1"],
    ["next-router-state-tree", "%5B%22%22%2C%7B%7D%5D"],
    ["next-router-segment-prefetch", "/_tree"],
    ["next-action", "7f3a9c"],
  ])("a request carrying the router header %s", async (name, value) => {
    const app = await start((req): Reply =>
      req.headers[name] !== undefined
        ? { headers: { "cache-control": CACHED, "content-type": "text/x-component" }, body: `rsc payload for ${req.url}` }
        : { headers: { "cache-control": CACHED } },
    );
    const router = { ...GZIP, [name]: value };

    // Its reply is not kept for the next router request...
    await app.get("/menu", router);
    await app.get("/menu", router);
    expect(app.runs()).toBe(2);
    // ...nor for a plain GET.
    const page = await app.get("/menu");
    expect(app.runs()).toBe(3);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    // A plain GET is kept (so the setup can cache)...
    await app.get("/menu");
    expect(app.runs()).toBe(3);
    // ...but never answers a router request.
    const payload = await app.get("/menu", router);
    expect(app.runs()).toBe(4);
    expect(payload.headers["content-type"]).toBe("text/x-component");
    expect(payload.text).toBe("rsc payload for /menu");
  });

  it("POST: its reply is not kept, and a kept GET does not answer it", async () => {
    const app = await start();
    await app.get("/menu", GZIP, "POST");
    await app.get("/menu", GZIP, "POST");
    expect(app.runs()).toBe(2);
    expect(app.pages.size()).toBe(0);
    // The POST replies did not become the GET's reply.
    const page = await app.get("/menu");
    expect(app.runs()).toBe(3);
    expect(page.text).toContain("GET /menu run 3");
    // A kept GET...
    await app.get("/menu");
    expect(app.runs()).toBe(3);
    // ...does not answer a POST.
    const posted = await app.get("/menu", GZIP, "POST");
    expect(app.runs()).toBe(4);
    expect(posted.text).toContain("POST /menu run 4");
  });

  it("a 304 from Next (the first request had If-None-Match) is not kept", async () => {
    const app = await start((req) =>
      req.headers["if-none-match"] === '"v1"'
        ? { status: 304, headers: { "cache-control": CACHED, etag: '"v1"' }, body: "" }
        : { headers: { "cache-control": CACHED, etag: '"v1"' } },
    );
    expect((await app.get("/menu", { ...GZIP, "if-none-match": '"v1"' })).status).toBe(304);
    const page = await app.get("/menu");
    expect(app.runs()).toBe(2);
    expect(page.status).toBe(200);
    expect(page.text).toContain("run 2");
  });
});

describe("how long a reply is kept", () => {
  /** Asks for `path` (the handler's first run), again 1 ms before `ms` have passed (served from the cache), and at `ms` (a second run). */
  async function keptFor(app: Started, path: string, ms: number): Promise<Received> {
    await app.get(path);
    clock += ms - 1;
    await app.get(path);
    expect(app.runs()).toBe(1);
    clock += 1;
    const after = await app.get(path);
    expect(app.runs()).toBe(2);
    return after;
  }

  it("s-maxage seconds, then the handler runs again", async () => {
    const app = await start(() => ({ headers: { "cache-control": "s-maxage=10, stale-while-revalidate=300" } }));
    const after = await keptFor(app, "/api/menu", 10_000);
    expect(after.text).toContain("run 2");
    // The new reply is kept again, for its own s-maxage.
    clock += 9_999;
    await app.get("/api/menu");
    expect(app.runs()).toBe(2);
  });

  it("never more than 60 s, even when s-maxage says a year", async () => {
    const app = await start(() => ({ headers: { "cache-control": "s-maxage=31536000" } }));
    await keptFor(app, "/", 60_000);
  });

  it("clear() drops everything", async () => {
    const app = await start();
    await app.get("/menu");
    await app.get("/api/menu");
    await app.get("/menu");
    await app.get("/api/menu");
    expect(app.runs()).toBe(2);

    app.pages.clear();
    expect(app.pages.size()).toBe(0);
    const menu = await app.get("/menu");
    const api = await app.get("/api/menu");
    expect(app.runs()).toBe(4);
    expect(menu.text).toContain("run 3");
    expect(api.text).toContain("run 4");
  });

  // A reply whose rendering began before clear() and ends after it was once kept, hiding an
  // admin's menu change behind the old page for up to 60 s.
  it("clear() while a reply is being rendered: that reply (from before the change) is not kept", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let first = true;
    const app = await start(() => {
      const hold = first ? held : undefined;
      first = false;
      return { headers: { "cache-control": CACHED }, hold };
    });
    const rendering = app.get("/api/menu");
    await expect.poll(() => app.runs()).toBe(1);
    app.pages.clear(); // the admin's change lands while that request is still in Next
    release();
    await rendering;
    const next = await app.get("/api/menu");
    expect(app.runs()).toBe(2);
    expect(next.text).toContain("run 2");
  });
});

describe("conditional requests and HEAD", () => {
  it("a matching If-None-Match gets a 304 without a body from the cache; a different one gets the page", async () => {
    const app = await start(() => ({ headers: { "cache-control": CACHED, etag: '"menu-v7"' } }));
    const page = await app.get("/api/menu");

    const same = await app.get("/api/menu", { ...GZIP, "if-none-match": '"menu-v7"' });
    expect(same.status).toBe(304);
    expect(same.raw.length).toBe(0);
    expect(same.headers.etag).toBe('"menu-v7"');

    const inList = await app.get("/api/menu", { ...GZIP, "if-none-match": '"menu-v6", "menu-v7"' });
    expect(inList.status).toBe(304);
    expect(inList.raw.length).toBe(0);

    const other = await app.get("/api/menu", { ...GZIP, "if-none-match": '"menu-v6"' });
    expect(other.status).toBe(200);
    expect(other.raw.equals(page.raw)).toBe(true);
    expect(other.text).toContain("run 1");
    expect(app.runs()).toBe(1);
  });

  it("HEAD is answered from a kept GET: its headers, no body", async () => {
    const app = await start(() => ({ headers: { "cache-control": CACHED, etag: '"p1"' } }));
    const page = await app.get("/menu");
    const head = await app.get("/menu", GZIP, "HEAD");
    expect(app.runs()).toBe(1);
    expect(head.status).toBe(200);
    expect(head.raw.length).toBe(0);
    expect(head.headers.etag).toBe('"p1"');
    expect(head.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(head.headers["content-encoding"]).toBe("gzip");
    expect(head.headers["cache-control"]).toBe(CACHED);
    expect(head.headers["content-length"]).toBe(String(page.raw.length));
  });

  it("a reply to HEAD is not kept for a later GET", async () => {
    const app = await start();
    await app.get("/menu", GZIP, "HEAD");
    const page = await app.get("/menu");
    expect(app.runs()).toBe(2);
    expect(page.text).toContain("GET /menu run 2");
  });
});

describe("what the cache holds", () => {
  it("keys are the full URL: query strings are kept apart", async () => {
    const app = await start();
    const a = await app.get("/menu?category=a");
    const b = await app.get("/menu?category=b");
    const bare = await app.get("/menu");
    expect(app.runs()).toBe(3);
    expect(a.text).toContain("/menu?category=a run 1");
    expect(b.text).toContain("/menu?category=b run 2");
    expect(bare.text).toContain("/menu run 3");

    expect((await app.get("/menu?category=a")).text).toBe(a.text);
    expect((await app.get("/menu?category=b")).text).toBe(b.text);
    expect((await app.get("/menu")).text).toBe(bare.text);
    expect(app.runs()).toBe(3);
    expect(app.pages.size()).toBe(3);
  });

  it("at most 64 entries: the least recently used one goes first", async () => {
    const app = await start();
    for (let i = 0; i < 64; i += 1) await app.get(`/p/${i}`);
    expect(app.runs()).toBe(64);
    expect(app.pages.size()).toBe(64);
    // /p/0 was kept first but is used now, so /p/1 is the least recently used.
    await app.get("/p/0");
    expect(app.runs()).toBe(64);

    await app.get("/p/64"); // the 65th URL
    expect(app.runs()).toBe(65);
    expect(app.pages.size()).toBe(64);

    await app.get("/p/0"); // recently used: still kept
    await app.get("/p/64");
    await app.get("/p/2");
    expect(app.runs()).toBe(65);
    const evicted = await app.get("/p/1");
    expect(app.runs()).toBe(66);
    expect(evicted.text).toContain("/p/1 run 66");
    expect(app.pages.size()).toBe(64);
  });
});

describe("the build's own files (/_next/static/…, immutable)", () => {
  const IMMUTABLE = "public, max-age=31536000, immutable";
  const asset = (req: IncomingMessage): Reply =>
    req.url?.startsWith("/_next/static/")
      ? { headers: { "cache-control": IMMUTABLE, "content-type": "application/javascript; charset=UTF-8", etag: 'W/"20c7-1a20"' } }
      : { headers: { "cache-control": CACHED } };

  it("are sent again from memory, the same bytes and headers, for as long as the server runs; clear() leaves them", async () => {
    const app = await start(asset);
    const first = await app.get("/_next/static/chunks/app-1a2b.js");
    const second = await app.get("/_next/static/chunks/app-1a2b.js");
    expect(app.runs()).toBe(1);
    expect(second.raw.equals(first.raw)).toBe(true);
    for (const name of ["content-type", "etag", "content-encoding", "cache-control", "vary"]) {
      expect(second.headers[name], name).toBe(first.headers[name]);
    }
    expect(second.headers["content-length"]).toBe(String(second.raw.length));

    clock += 7 * 24 * 3600 * 1000; // a week later
    app.pages.clear(); // and a menu change
    const later = await app.get("/_next/static/chunks/app-1a2b.js");
    expect(app.runs()).toBe(1);
    expect(later.raw.equals(first.raw)).toBe(true);
    expect(app.pages.assetCount()).toBe(1);
    expect(app.pages.size()).toBe(0);

    const notModified = await app.get("/_next/static/chunks/app-1a2b.js", { ...GZIP, "if-none-match": 'W/"20c7-1a20"' });
    expect(notModified.status).toBe(304);
    expect(notModified.raw.length).toBe(0);
    expect(app.runs()).toBe(1);
  });

  it.each<[string, string, Reply]>([
    ["another path that says immutable", "/images/logo.svg", { headers: { "cache-control": IMMUTABLE } }],
    ["a static file that does not say immutable", "/_next/static/chunks/a.js", { headers: { "cache-control": "public, max-age=0" } }],
    [
      "a missing static file",
      "/_next/static/chunks/missing.js",
      { status: 404, headers: { "cache-control": "private, no-cache, no-store" } },
    ],
    ["an immutable file that sets a cookie", "/_next/static/chunks/b.js", { headers: { "cache-control": IMMUTABLE, "set-cookie": "a=b" } }],
  ])("not kept: %s", async (_name, path, reply) => {
    const app = await start(() => reply);
    await app.get(path);
    await app.get(path);
    expect(app.runs()).toBe(2);
    expect(app.pages.assetCount()).toBe(0);
  });

  it("are not kept for a client without gzip, nor sent to one", async () => {
    const app = await start(asset);
    await app.get("/_next/static/chunks/c.js", {});
    await app.get("/_next/static/chunks/c.js");
    const plain = await app.get("/_next/static/chunks/c.js", {});
    expect(app.runs()).toBe(3);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.text).toContain("/_next/static/chunks/c.js run 3");
  });

  it("stop being kept at the byte limit (the kept ones stay), and never push a page out", async () => {
    // other.js does not compress: its ~2 kB gzipped would take the kept bytes over the limit.
    const big = randomBytes(1000).toString("hex");
    const app = await start((req) => (req.url?.endsWith("other.js") ? { ...asset(req), body: big } : asset(req)), { maxAssetBytes: 1000 });
    await app.get("/menu");
    const small = await app.get("/_next/static/chunks/small.js");
    expect(small.raw.length).toBeLessThan(500);
    const other = await app.get("/_next/static/chunks/other.js");
    expect(other.raw.length).toBeGreaterThan(1000);
    expect(app.pages.assetCount()).toBe(1);
    const runs = app.runs();
    await app.get("/_next/static/chunks/small.js");
    await app.get("/menu");
    expect(app.runs()).toBe(runs);
    await app.get("/_next/static/chunks/other.js");
    expect(app.runs()).toBe(runs + 1);
  });
});
