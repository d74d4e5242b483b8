import "server-only";
import { encode, decode, type JWT } from "next-auth/jwt";
import { env } from "@/lib/env";
import type { Role } from "@/lib/auth/types";

// Sessions are next-auth's own encrypted JWTs, in an httpOnly cookie for the browser or as
// `Authorization: Bearer` for API clients. `sv` is the user's session version: logout and
// password reset bump it, which ends every older session on the server.

export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export type SessionClaims = JWT & { sub: string; role: Role; sv: number; name: string; email: string };

export function authSecret(): string {
  const secret = env().authSecret;
  if (!secret) throw new Error("AUTH_SECRET is not set. `npm run dev` / `npm start` provide one for local use.");
  return secret;
}

/** Secure cookies (and the session cookie's __Host- name) whenever the shop is served over https. */
export function secureCookies(): boolean {
  return env().appUrl.startsWith("https://");
}

/**
 * `__Host-` over https: the browser then takes the cookie only with Secure, Path=/ and no Domain,
 * so no other host under the same domain (a sibling subdomain, a plain-http page) can set or
 * shadow the session. Plain http (local development) cannot carry either prefix.
 */
export function sessionCookieName(): string {
  return `${secureCookies() ? "__Host-" : ""}next-auth.session-token`;
}

/** The session cookie's attributes, for /api/login and next-auth alike (lib/auth/options.ts). */
function sessionCookieAttributes() {
  return {
    httpOnly: true,
    sameSite: "lax" as const,
    // Secure in production (browsers treat http://localhost as secure, so local production runs work) or over https.
    secure: env().isProduction || secureCookies(),
    path: "/",
  };
}

export function sessionCookieOptions() {
  return { ...sessionCookieAttributes(), maxAge: SESSION_MAX_AGE_SECONDS };
}

/** next-auth reads and writes the session cookie too (OAuth sign-ins, /api/auth/session): the same one. */
export function nextAuthSessionCookie() {
  return { name: sessionCookieName(), options: sessionCookieAttributes() };
}

export function encodeSession(claims: Omit<SessionClaims, "iat" | "exp" | "jti">): Promise<string> {
  return encode({ token: claims, secret: authSecret(), maxAge: SESSION_MAX_AGE_SECONDS });
}

// Decoding derives a key (HKDF) and decrypts on every call: a measurable share of each signed-in
// request (bench/README.md). A token's claims never change, so recently seen tokens are kept
// here until they expire. Whether the session still holds (its session version) is checked
// against the database on every request all the same (lib/auth/session.ts).
const DECODED_LIMIT = 2000;
const decoded = new Map<string, SessionClaims>();
let decodedWithSecret = "";

function remembered(token: string, secret: string): SessionClaims | undefined {
  if (secret !== decodedWithSecret) {
    decoded.clear();
    decodedWithSecret = secret;
  }
  const claims = decoded.get(token);
  if (!claims) return undefined;
  decoded.delete(token);
  if (typeof claims.exp !== "number" || claims.exp * 1000 <= Date.now()) return undefined;
  decoded.set(token, claims); // most recently used last
  return claims;
}

function remember(token: string, claims: SessionClaims) {
  decoded.set(token, claims);
  if (decoded.size > DECODED_LIMIT) decoded.delete(decoded.keys().next().value!);
}

export async function decodeSession(token: string): Promise<SessionClaims | null> {
  if (!token || token.length > 4096) return null;
  const secret = authSecret();
  const known = remembered(token, secret);
  if (known) return known;
  try {
    const claims = await decode({ token, secret });
    if (!claims || typeof claims.sub !== "string" || typeof claims.sv !== "number") return null;
    remember(token, claims as SessionClaims);
    return claims as SessionClaims;
  } catch {
    return null;
  }
}
