import "server-only";
import { env } from "@/lib/env";
import { isDevHost } from "@/lib/dev-hosts";

// Who may change things, and in what format (product.md §5). A browser cannot be stopped from
// sending a cross-site form or a `text/plain` fetch without a preflight, so the server refuses
// them: a state-changing call with a foreign `Origin`, or one the browser itself marks
// `Sec-Fetch-Site: cross-site`, changes nothing. Clients without an Origin (curl, a server with
// a bearer token) are not browsers acting for someone else, and pass.

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export function isStateChanging(method: string): boolean {
  return STATE_CHANGING.has(method.toUpperCase());
}

let appOriginCache: { url: string; origin: string } | undefined;

function appOrigin(): string {
  const url = env().appUrl;
  if (appOriginCache?.url !== url) appOriginCache = { url, origin: new URL(url).origin };
  return appOriginCache.origin;
}

function originOf(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * The origins a state-changing call may come from: APP_URL's. Outside production also the
 * server's own address as the browser reached it (http://127.0.0.1:3000 while APP_URL says
 * localhost), when that `Host` is one a development server answers: a page whose own name
 * resolves to this machine (DNS rebinding) sends its own name as both (lib/dev-hosts.ts).
 */
function isOwnOrigin(origin: string, req: Request): boolean {
  if (origin === appOrigin()) return true;
  const e = env();
  if (e.isProduction) return false;
  const host = req.headers.get("host");
  if (host === null || !isDevHost(host, { host: e.HOST, appUrl: e.appUrl })) return false;
  return origin === originOf(`${new URL(req.url).protocol}//${host}`);
}

/** A state-changing call a browser made for another site's page. */
export function isCrossSite(req: Request): boolean {
  if (!isStateChanging(req.method)) return false;
  if (req.headers.get("sec-fetch-site")?.trim().toLowerCase() === "cross-site") return true;
  const origin = req.headers.get("origin");
  if (origin === null) return false;
  // `Origin: null` (a sandboxed frame, a redirect from elsewhere) is foreign too.
  const normalised = originOf(origin);
  return normalised === null || !isOwnOrigin(normalised, req);
}

function mediaType(value: string | null): { type: string; params: string[] } | null {
  if (!value) return null;
  const [type, ...params] = value.split(";");
  return { type: type.trim().toLowerCase(), params: params.map((p) => p.trim()).filter(Boolean) };
}

function onlyUtf8Charset(params: string[]): boolean {
  return params.every((p) => {
    const [key, value = ""] = p.split("=");
    return (
      key.trim().toLowerCase() === "charset" &&
      value
        .trim()
        .replace(/^"(.*)"$/, "$1")
        .toLowerCase() === "utf-8"
    );
  });
}

/** `application/json`, optionally with `charset=utf-8`: the one type the JSON endpoints take. */
export function isJsonContentType(value: string | null): boolean {
  const parsed = mediaType(value);
  return parsed?.type === "application/json" && onlyUtf8Charset(parsed.params);
}

/** An HTML form's default encoding, which next-auth's own endpoints take. */
export function isFormContentType(value: string | null): boolean {
  const parsed = mediaType(value);
  return parsed?.type === "application/x-www-form-urlencoded" && onlyUtf8Charset(parsed.params);
}

/** Whether the request says it carries a body (a length above 0, or chunks). */
export function declaresBody(req: Request): boolean {
  const length = req.headers.get("content-length");
  if (length !== null) return Number(length) !== 0;
  return req.headers.has("transfer-encoding");
}
