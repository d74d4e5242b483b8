// HTTP load with autocannon: a fixed number of connections for a fixed time, every request with
// the browser's Accept-Encoding, so the server does the gzip work a real visit costs.
import autocannon from "autocannon";
import { request, type IncomingHttpHeaders } from "node:http";
import { BROWSER_HEADERS, config } from "./config";

export type LoadResult = {
  label: string;
  seconds: number;
  /** Mean of autocannon's per-second samples. */
  rps: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  /** Connection errors, timeouts included (autocannon's `errors`). */
  errors: number;
  timeouts: number;
  /** Average response size on the wire (compressed body + headers), to show gzip is in effect. */
  bytesPerResponse: number;
};

export type LoadOptions = {
  label?: string;
  seconds?: number;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  /** Changes each request just before it is sent (e.g. a fresh Idempotency-Key). */
  setupRequest?: (req: autocannon.Request) => autocannon.Request;
  onResponse?: (status: number, body: string) => void;
};

export async function load(url: string, options: LoadOptions = {}): Promise<LoadResult> {
  const seconds = options.seconds ?? config.seconds;
  const headers = { ...BROWSER_HEADERS, ...options.headers };
  const result = await autocannon({
    url,
    connections: config.connections,
    duration: seconds,
    // One request per connection at a time, as browsers and the figures do.
    pipelining: 1,
    timeout: 10,
    requests: [
      {
        method: options.method ?? "GET",
        headers,
        body: options.body,
        ...(options.setupRequest ? { setupRequest: options.setupRequest } : {}),
        ...(options.onResponse ? { onResponse: options.onResponse } : {}),
      },
    ],
  });
  return {
    label: options.label ?? new URL(url).pathname + new URL(url).search,
    seconds,
    rps: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    bytesPerResponse: result.requests.total ? Math.round(result.throughput.total / result.requests.total) : 0,
  };
}

/** Unmeasured load first, so the measured run does not pay for JIT warm-up or cold caches. */
export async function warmUp(url: string, options: LoadOptions = {}): Promise<void> {
  await load(url, { ...options, seconds: config.warmupSeconds });
}

/** The Content-Encoding one browser-like request gets back (`identity` when none). */
export async function contentEncoding(url: string, headers: Record<string, string> = {}): Promise<string> {
  return String((await replyHeaders(url, headers))["content-encoding"] ?? "identity");
}

/**
 * Whether Next answered a page whole from its prerender, rendering nothing for the request: it
 * marks a prerendered reply `x-nextjs-prerender: 1`, and one it had to finish per request
 * (Partial Prerendering's dynamic parts) `x-nextjs-postponed`.
 */
export async function servedWholeFromPrerender(url: string): Promise<boolean> {
  const headers = await replyHeaders(url);
  return headers["x-nextjs-prerender"] === "1" && headers["x-nextjs-postponed"] === undefined;
}

function replyHeaders(url: string, headers: Record<string, string> = {}): Promise<IncomingHttpHeaders> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { ...BROWSER_HEADERS, ...headers } }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.headers));
    });
    req.on("error", reject);
    req.end();
  });
}
