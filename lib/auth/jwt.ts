import { encode, decode, type JWT } from "next-auth/jwt";
import { env } from "@/lib/env";

// Sessions are next-auth's own encrypted JWTs, in an httpOnly cookie for the browser or as
// `Authorization: Bearer` for API clients. `sv` is the user's session version: logout and
// password reset bump it, which ends every older session on the server.

export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export type SessionClaims = JWT & { sub: string; role: "user" | "admin"; sv: number; name: string; email: string };

export function authSecret(): string {
  const secret = env().authSecret;
  if (!secret) throw new Error("AUTH_SECRET is not set. `npm run dev` / `npm start` provide one for local use.");
  return secret;
}

/** Secure cookies (and their __Secure- name) whenever the shop is served over https. */
export function secureCookies(): boolean {
  return env().appUrl.startsWith("https://");
}

export function sessionCookieName(): string {
  return `${secureCookies() ? "__Secure-" : ""}next-auth.session-token`;
}

/** Secure in production (browsers treat http://localhost as secure, so local production runs work) or over https. */
export function sessionCookieOptions() {
  return {
    httpOnly: true,
    sameSite: "lax" as const,
    secure: env().isProduction || secureCookies(),
    path: "/",
    maxAge: SESSION_MAX_AGE_SECONDS,
  };
}

export function encodeSession(claims: Omit<SessionClaims, "iat" | "exp" | "jti">): Promise<string> {
  return encode({ token: claims, secret: authSecret(), maxAge: SESSION_MAX_AGE_SECONDS });
}

export async function decodeSession(token: string): Promise<SessionClaims | null> {
  if (!token || token.length > 4096) return null;
  try {
    const claims = await decode({ token, secret: authSecret() });
    if (!claims || typeof claims.sub !== "string" || typeof claims.sv !== "number") return null;
    return claims as SessionClaims;
  } catch {
    return null;
  }
}
