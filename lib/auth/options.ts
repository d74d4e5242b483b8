import "server-only";
import type { NextAuthOptions } from "next-auth";
import GoogleProvider from "next-auth/providers/google";
import FacebookProvider from "next-auth/providers/facebook";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { isSameSitePath } from "@/lib/auth/routes";
import { authSecret, nextAuthSessionCookie, SESSION_MAX_AGE_SECONDS, secureCookies, type SessionClaims } from "@/lib/auth/jwt";
import { providerVouches, signInWithProvider, type ProviderSignInRefusal } from "@/lib/auth/provider-sign-in";

// next-auth handles Google and Facebook sign-in when their credentials are configured.
// E-mail and password sign-in goes through /api/login, which issues the same JWT cookie.

function providers(): NextAuthOptions["providers"] {
  const e = env();
  const list: NextAuthOptions["providers"] = [];
  if (e.googleEnabled) list.push(GoogleProvider({ clientId: e.GOOGLE_CLIENT_ID!, clientSecret: e.GOOGLE_CLIENT_SECRET! }));
  if (e.facebookEnabled) {
    list.push(FacebookProvider({ clientId: e.FACEBOOK_CLIENT_ID!, clientSecret: e.FACEBOOK_CLIENT_SECRET! }));
  }
  return list;
}

/** Where a refused provider sign-in lands: the login page, which shows next-auth's error codes. */
function refusedUrl(reason: ProviderSignInRefusal) {
  // OAuthAccountNotLinked has its own message on /login; the others get the generic one.
  const code = reason === "unverified" ? "OAuthAccountNotLinked" : "AccessDenied";
  return `${env().appUrl}/login?error=${code}`;
}

/** Where a sign-in or sign-out may send the browser: only somewhere on this site. */
export function safeRedirect(url: unknown, baseUrl: string): string {
  // A JSON body can make callbackUrl anything at all.
  if (typeof url !== "string") return baseUrl;
  if (isSameSitePath(url)) return `${baseUrl}${url}`;
  try {
    if (new URL(url).origin === new URL(baseUrl).origin) return url;
  } catch {
    // not a URL at all
  }
  return baseUrl;
}

export function authOptions(): NextAuthOptions {
  return {
    secret: authSecret(),
    useSecureCookies: secureCookies(),
    cookies: { sessionToken: nextAuthSessionCookie() },
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    providers: providers(),
    pages: { signIn: "/login", error: "/login" },
    callbacks: {
      // next-auth's own version builds `new URL(url)` and throws (a 500) on a callbackUrl that is
      // not a URL, from the query, the body or its callback-url cookie. A site path or a URL on
      // this origin goes through; anything else lands on the home page.
      async redirect({ url, baseUrl }) {
        return safeRedirect(url, baseUrl);
      },
      // Linking happens here (lib/auth/provider-sign-in.ts), where a refusal can still send the
      // visitor back to /login; jwt below only reads the account it settled on.
      async signIn({ user, account, profile }) {
        const result = await signInWithProvider({
          provider: account?.provider ?? "",
          email: user.email,
          name: user.name,
          vouched: providerVouches(account?.provider ?? "", profile as Record<string, unknown> | undefined),
        });
        return result.ok ? true : refusedUrl(result.reason);
      },
      async jwt({ token, user }) {
        if (user?.email) {
          const account = await db().user.findUniqueOrThrow({ where: { email: user.email.trim().toLowerCase() } });
          const claims: Partial<SessionClaims> = {
            sub: account.id,
            name: account.name,
            email: account.email,
            role: account.role,
            sv: account.sessionVersion,
          };
          return { ...token, ...claims };
        }
        return token;
      },
    },
  };
}
