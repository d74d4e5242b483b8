import "server-only";
import { NextRequest, NextResponse } from "next/server";
import { readBodyText, route } from "@/lib/http";
import { Invalid } from "@/lib/errors";
import { isFormContentType, isJsonContentType } from "@/lib/request-guard";
import { userFromSessionToken } from "@/lib/auth/session";
import { sessionCookieName } from "@/lib/auth/jwt";
import { env } from "@/lib/env";

type Ctx = { params: Promise<{ nextauth: string[] }> };
type Handler = (req: NextRequest, ctx: Ctx) => Promise<Response>;

// Printable ASCII: what an HTTP header value can carry as it is.
const HEADER_SAFE = /^[\x20-\x7e]*$/;

/**
 * next-auth copies an error text (`?error=` or /api/auth/error/<text>) unencoded into a Location
 * header; a control character or anything above U+00FF cannot be set there and it throws (500).
 * Its own error texts are short ASCII codes, so anything else is refused.
 */
async function refuseUnsendableError(req: NextRequest, ctx: Ctx) {
  const [action, detail] = (await ctx.params).nextauth ?? [];
  const texts = [req.nextUrl.searchParams.get("error"), action === "error" ? detail : null];
  if (texts.some((t) => t !== null && t !== undefined && !HEADER_SAFE.test(t))) throw new Invalid("Unknown sign-in error.", "error");
}

/** next-auth's own test (assertConfig): an http(s) URL, or a path on this site. */
function isHttpUrl(url: string, base: string): boolean {
  try {
    return /^https?:$/.test(new URL(url, url.startsWith("/") ? base : undefined).protocol);
  } catch {
    return false;
  }
}

/**
 * next-auth answers a callbackUrl it cannot parse, in the query or its callback-url cookie, with
 * a 500 ("a problem with the server configuration"): it is the caller's mistake, so 400.
 */
function refuseUnparsableCallbackUrl(req: NextRequest) {
  const base = env().appUrl;
  const cookie = [...req.cookies.getAll()].find((c) => c.name.endsWith("next-auth.callback-url"))?.value;
  for (const url of [req.nextUrl.searchParams.get("callbackUrl"), cookie]) {
    if (url && !isHttpUrl(url, base)) throw new Invalid("callbackUrl must be a URL on this site.", "callbackUrl");
  }
}

/**
 * next-auth's endpoints under the API's transport rules: no cross-site writes (403), bodies
 * only as a form or JSON (415), at most 100 KB (413), malformed JSON 400 (next-auth itself
 * would throw on it: 500). The body is read here, within the limit, and handed on as text.
 */
export function nextAuthRoute(handler: Handler): Handler {
  return route<Ctx>(
    async (req, ctx) => {
      await refuseUnsendableError(req, ctx);
      refuseUnparsableCallbackUrl(req);
      // next-auth only checks the token's signature; a session ended by logout or a password
      // reset (its version bumped) must read as no session here too, as everywhere else: GET, and
      // POST (next-auth's session update, which would otherwise answer and renew it).
      const [action] = (await ctx.params).nextauth ?? [];
      const token = req.cookies.get(sessionCookieName())?.value;
      if (action === "session" && token && !(await userFromSessionToken(token))) return NextResponse.json({});
      if (req.method !== "POST") return handler(req, ctx);
      const text = await readBodyText(req);
      if (text && isJsonContentType(req.headers.get("content-type"))) {
        try {
          JSON.parse(text);
        } catch {
          throw new Invalid("Request body is not valid JSON.");
        }
      }
      // The length of the text now, not the one declared for the bytes on the wire.
      const headers = new Headers(req.headers);
      headers.delete("content-length");
      headers.delete("transfer-encoding");
      return handler(new NextRequest(req.url, { method: req.method, headers, body: text || undefined }), ctx);
    },
    { accepts: (type) => isFormContentType(type) || isJsonContentType(type) },
  );
}
