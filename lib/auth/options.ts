import type { NextAuthOptions } from "next-auth";
import GoogleProvider from "next-auth/providers/google";
import FacebookProvider from "next-auth/providers/facebook";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { authSecret, SESSION_MAX_AGE_SECONDS, secureCookies, type SessionClaims } from "@/lib/auth/jwt";

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

/** Finds or creates the shop account for a provider-verified e-mail address. */
async function accountForProvider(email: string, name: string) {
  const normalised = email.trim().toLowerCase();
  return db().user.upsert({
    where: { email: normalised },
    // The provider has verified the address, so the account counts as confirmed.
    update: {},
    create: { email: normalised, name: name.trim() || normalised.split("@")[0], emailConfirmedAt: new Date() },
  });
}

export function authOptions(): NextAuthOptions {
  return {
    secret: authSecret(),
    useSecureCookies: secureCookies(),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    providers: providers(),
    pages: { signIn: "/login", error: "/login" },
    callbacks: {
      async signIn({ user }) {
        return Boolean(user.email);
      },
      async jwt({ token, user }) {
        if (user?.email) {
          const account = await accountForProvider(user.email, user.name ?? "");
          if (!account.emailConfirmedAt) {
            await db().user.update({ where: { id: account.id }, data: { emailConfirmedAt: new Date() } });
          }
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
