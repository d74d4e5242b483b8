import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { env } from "@/lib/env";
import { currentUser } from "@/lib/auth/session";
import { afterSignIn } from "@/lib/routes";
import { AuthCard } from "@/components/auth/auth-card";
import { LoginForm } from "@/components/auth/login-form";
import { Alert } from "@/components/ui/alert";

export const metadata: Metadata = {
  title: "Login",
  description: "Sign in to Fresh Bowl to order fresh salads, delivered in about 30 minutes.",
  alternates: { canonical: "/login" },
};

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? null;

export default async function LoginPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const next = first(params.next);
  // proxy.ts already sends signed-in visitors on; this covers a request that skipped it.
  const user = await currentUser();
  if (user) redirect(afterSignIn(next, user.role));
  const { googleEnabled, facebookEnabled } = env();
  // next-auth sends failed Google/Facebook sign-ins back here with ?error=<code>.
  const oauthError = first(params.error);
  return (
    <AuthCard title="Login" intro="Welcome back! Sign in to order your salads.">
      {oauthError ? (
        <div className="mb-4">
          <Alert tone="error">{oauthError === "OAuthAccountNotLinked" ? "This email is already used by another sign-in method." : "Sign-in did not complete. Please try again."}</Alert>
        </div>
      ) : null}
      <LoginForm next={next} googleEnabled={googleEnabled} facebookEnabled={facebookEnabled} />
    </AuthCard>
  );
}
