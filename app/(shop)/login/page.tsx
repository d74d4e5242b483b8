import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { env } from "@/lib/env";
import { currentUser } from "@/lib/auth/session";
import { afterSignIn } from "@/lib/auth/routes";
import { AuthCard } from "@/components/auth/auth-card";
import { LoginForm } from "@/components/auth/login-form";
import { OAuthButtons } from "@/components/auth/oauth-buttons";
import { authLinkClass } from "@/components/auth/styles";
import { Alert } from "@/components/ui/alert";

// Per visitor (the session, the address's token or query): rendered for each request, not prerendered.
export const instant = false;

export const metadata: Metadata = {
  title: "Login",
  description: "Sign in to Fresh Bowl to order fresh salads, delivered to your door.",
  alternates: { canonical: "/login" },
};

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? null;

export default async function LoginPage({ searchParams }: PageProps<"/login">) {
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
          <Alert tone="error">
            {oauthError === "OAuthAccountNotLinked"
              ? "This email is already used by another sign-in method."
              : "Sign-in did not complete. Please try again."}
          </Alert>
        </div>
      ) : null}
      {/* Only the form itself and configured provider buttons are client components. */}
      <div className="flex flex-col gap-6">
        <LoginForm />
        {/* Back to /login after the provider: the server then sends the user on, as after a password sign-in. */}
        <OAuthButtons
          googleEnabled={googleEnabled}
          facebookEnabled={facebookEnabled}
          callbackUrl={next ? `/login?next=${encodeURIComponent(next)}` : "/login"}
        />
        <p className="text-center text-sm text-stone-700">
          New to Fresh Bowl?{" "}
          <Link href="/register" className={authLinkClass}>
            Create an account
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}
