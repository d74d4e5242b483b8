import { NextResponse, type NextRequest } from "next/server";
import { env } from "@/lib/env";
import { accessFor, afterSignIn, type Access } from "@/lib/auth/routes";
import { decodeSession, sessionCookieName, type SessionClaims } from "@/lib/auth/jwt";
import { userFromSessionToken } from "@/lib/auth/session";
import { orderVisibleTo } from "@/lib/orders/visibility";
import { gatewayOrigins } from "@/lib/payments/setup";
import { contentSecurityPolicy } from "@/lib/security-headers";

// Page guards before rendering. The pages and every API route check again on the server
// (against the database), so a revoked session is caught there even if its cookie decodes here.
// Old page addresses (/checkout, /admin, /ordersuccess) are next.config.ts redirects, which
// Next applies before this runs. Every page this runs for gets its Content Security Policy here,
// per request, with the payment gateway of this server's settings (lib/security-headers.ts).

/**
 * A redirect to a path on this site, at APP_URL: never the request's Host, which a client (or a
 * proxy's internal name) can make anything, and a cache could keep the redirect for others.
 */
function redirectTo(pathAndQuery: string) {
  return NextResponse.redirect(new URL(`${env().appUrl}${pathAndQuery}`));
}

function isMalformed(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

async function guard(
  req: NextRequest,
  access: Exclude<Access, "unknown">,
  raw: string | undefined,
  session: SessionClaims | null,
): Promise<NextResponse> {
  const { pathname, search } = req.nextUrl;
  if (pathname === "/login" && session) {
    // Checked against the database here: a session ended elsewhere must still reach the form.
    const user = await userFromSessionToken(raw);
    if (!user) return NextResponse.next();
    // Also how the login form finishes: it refreshes /login and lands where this sends it.
    return redirectTo(afterSignIn(req.nextUrl.searchParams.get("next"), user.role));
  }
  if (access === "public") return NextResponse.next();
  if (!session) return redirectTo(`/login?next=${encodeURIComponent(pathname + search)}`);
  if (access === "admin" && session.role !== "admin") return redirectTo("/");
  if (access === "rider" && session.role !== "rider" && session.role !== "admin") return redirectTo("/");
  return orderPage(req, raw);
}

// An order's page, its bill's and its credit notes' (product.md §11).
const ORDER_PAGE = /^\/(?:admin\/)?orders\/([^/]+)(?:\/invoice|\/credit-notes\/[^/]+(?:\/[^/]+\/[^/]+)?)?\/?$/;

/**
 * An order page for an order the visitor may not see (someone else's, or none at all) answers
 * 404 from here: the page itself streams its prerendered shell first, with a 200, and could only
 * show its not-found part. It still renders that part; only the status comes from here.
 */
async function orderPage(req: NextRequest, raw: string | undefined): Promise<NextResponse> {
  const id = ORDER_PAGE.exec(req.nextUrl.pathname)?.[1];
  if (id === undefined) return NextResponse.next();
  const user = await userFromSessionToken(raw);
  if (user && (await orderVisibleTo(user, decodeURIComponent(id)))) return NextResponse.next();
  return NextResponse.rewrite(req.nextUrl, { status: 404 });
}

async function answer(req: NextRequest): Promise<NextResponse> {
  const { pathname } = req.nextUrl;
  // A path that is not valid percent-encoding (e.g. /confirm/%ff) would make Next fail while
  // decoding route parameters: send it home instead. (The production server answers malformed
  // API paths with a JSON 400 itself: server/front.ts.)
  if (isMalformed(pathname)) return redirectTo("/");
  const access = accessFor(pathname);
  if (access === "unknown") return redirectTo("/");

  // Anonymous visitors cost nothing here: no cookie, no decoding.
  const raw = req.cookies.get(sessionCookieName())?.value;
  const session = raw ? await decodeSession(raw) : null;
  return guard(req, access, raw, session);
}

export async function proxy(req: NextRequest) {
  const res = await answer(req);
  // Replaces next.config.ts's policy, which allows no gateway: a build made without keys and run
  // with them lets the gateway's Checkout script and frame in.
  res.headers.set("Content-Security-Policy", contentSecurityPolicy({ dev: !env().isProduction, gateway: gatewayOrigins() }));
  return res;
}

export const config = {
  // Everything but Next's own assets, files with an extension (public/, sitemap.xml, robots.txt,
  // icons), the cached public pages / and /menu, and the API: none of those needs a guard, and
  // running the proxy costs each request a large share of its time (bench/README.md). For the API there is a second reason: Next reads a request's whole
  // body before running the proxy (to hand it on), so a proxied API route would get its body only
  // after Next had taken it all in, whatever its size (issue 7). Every API route checks auth,
  // origin and body size itself (lib/http.ts).
  matcher: ["/((?!_next/static|_next/image|menu$|$|api/|.*\\.[A-Za-z0-9]+$).*)"],
};
