import { NextResponse, type NextRequest } from "next/server";
import { accessFor, afterSignIn } from "@/lib/routes";
import { decodeSession, sessionCookieName } from "@/lib/auth/jwt";
import { userFromSessionToken } from "@/lib/auth/session";

// Page guards before rendering. The pages and every API route check again on the server
// (against the database), so a revoked session is caught there even if its cookie decodes here.

const ALIASES: Record<string, string> = { "/ordersuccess": "/order-success", "/checkout": "/checkout/address", "/admin": "/admin/dashboard" };

function redirectTo(req: NextRequest, pathname: string, search = "") {
  const url = req.nextUrl.clone();
  url.pathname = pathname;
  url.search = search;
  return NextResponse.redirect(url);
}

function isMalformed(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

export async function proxy(req: NextRequest) {
  const { pathname, search } = req.nextUrl;
  // A path that is not valid percent-encoding (e.g. /api/confirm/%ff) would make Next fail
  // while decoding route parameters: answer it here instead.
  const api = pathname.startsWith("/api/");
  if (isMalformed(pathname)) return api ? NextResponse.json({ error: "Malformed URL." }, { status: 400 }) : redirectTo(req, "/");
  if (api) return NextResponse.next();
  const access = accessFor(pathname);
  if (access === "unknown") return redirectTo(req, "/");

  const raw = req.cookies.get(sessionCookieName())?.value;
  const session = raw ? await decodeSession(raw) : null;

  if (pathname === "/login" && session) {
    // Checked against the database here: a session ended elsewhere must still reach the form.
    const user = await userFromSessionToken(raw);
    if (user) {
      // Also how the login form finishes: it refreshes /login and lands where this sends it.
      const target = new URL(afterSignIn(req.nextUrl.searchParams.get("next"), user.role), req.nextUrl.origin);
      if (target.origin === req.nextUrl.origin) return NextResponse.redirect(target);
      return redirectTo(req, "/");
    }
    return NextResponse.next();
  }
  if (access === "public") return NextResponse.next();

  if (!session) {
    const next = `${ALIASES[pathname] ?? pathname}${search}`;
    return redirectTo(req, "/login", `?next=${encodeURIComponent(next)}`);
  }
  if (access === "admin" && session.role !== "admin") return redirectTo(req, "/");
  const alias = ALIASES[pathname];
  if (alias) return redirectTo(req, alias, search);
  return NextResponse.next();
}

export const config = {
  // Everything but Next's own assets and files with an extension (public/, sitemap.xml, robots.txt,
  // icons). API routes pass straight through once their URL decodes; they check auth themselves.
  matcher: ["/((?!_next/static|_next/image|.*\\.[A-Za-z0-9]+$).*)"],
};
