import type { Metadata } from "next";
import Link from "next/link";
import { verifyResetToken } from "@/lib/auth/accounts";
import { Invalid } from "@/lib/errors";
import { AuthCard } from "@/components/auth/auth-card";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";
import { Alert } from "@/components/ui/alert";

// Per visitor (the session, the address's token or query): rendered for each request, not prerendered.
export const instant = false;

export const metadata: Metadata = {
  title: "Reset password",
  robots: { index: false, follow: false },
  referrer: "no-referrer",
};

async function isValid(token: string): Promise<boolean> {
  try {
    await verifyResetToken(token);
    return true;
  } catch (error) {
    if (error instanceof Invalid) return false;
    throw error;
  }
}

export default async function ResetPasswordPage({ params }: PageProps<"/reset-password/[token]">) {
  const { token } = await params;
  if (!(await isValid(token))) {
    return (
      <AuthCard title="Reset password">
        <div className="flex flex-col gap-4">
          <Alert tone="error">This password reset link is invalid or expired.</Alert>
          <p className="text-sm text-stone-700">
            Type your email on the login page and choose “Forgot password?” to get a new one.{" "}
            <Link href="/login" className="font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900">
              Request a new link
            </Link>
          </p>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Reset password" intro="Choose a new password for your account.">
      <ResetPasswordForm token={token} />
    </AuthCard>
  );
}
