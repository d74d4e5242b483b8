"use client";

import Link from "next/link";
import { useState } from "react";
import { toast } from "sonner";
import type { z } from "zod";
import type { resetPasswordFormSchema } from "@/lib/auth/schema";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/alert";
import { OnToLogin } from "@/components/auth/on-to-login";
import { authLinkClass } from "@/components/auth/styles";
import { PasswordField } from "@/components/auth/password-field";
import { api } from "@/lib/api-client";
import { outcomeOf } from "@/components/auth/client-api";
import { useAccountForm } from "@/components/auth/use-account-form";

type Values = z.output<typeof resetPasswordFormSchema>;

const FIELDS = ["password", "confirmPassword"] as const;
// The shared schema (the one /api checks with) loads when the form is first focused.
const loadSchema = () => import("@/lib/auth/schema").then((m) => m.resetPasswordFormSchema);

const linkClass = authLinkClass;

export function ResetPasswordForm({ token }: { token: string }) {
  const { errors, isSubmitting, formProps, setError: setFieldError } = useAccountForm(loadSchema, FIELDS);
  const [error, setError] = useState<{ message: string; deadLink: boolean } | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  async function onSubmit(values: Values) {
    setError(null);
    const outcome = await outcomeOf(api.resetPassword(token, values.password), {
      success: "Password reset successfully!",
      failure: "Failed to reset password",
    });
    if (!outcome.ok) {
      toast.error(outcome.message);
      if (outcome.field === "password") setFieldError("password", outcome.message);
      else setError({ message: outcome.message, deadLink: outcome.code === "token_invalid" || outcome.code === "token_expired" });
      return;
    }
    toast.success(outcome.message);
    setSuccess(outcome.message);
  }

  if (success) {
    return <OnToLogin message={success} />;
  }

  return (
    <form {...formProps(onSubmit)} className="flex flex-col gap-4">
      <PasswordField
        label="New password"
        autoComplete="new-password"
        required
        hint="At least 8 characters. Avoid common passwords."
        name="password"
        error={errors.password}
      />
      <PasswordField label="Confirm password" autoComplete="new-password" required name="confirmPassword" error={errors.confirmPassword} />
      {error ? (
        <Alert tone="error">
          <p>{error.message}</p>
          {/* The link can die while the form is open (used in another tab, or 30 minutes passed). */}
          {error.deadLink ? (
            <Link href="/login" className={`mt-1 inline-block ${linkClass}`}>
              Request a new link
            </Link>
          ) : null}
        </Alert>
      ) : null}
      <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined} className="w-full">
        Reset password
      </Button>
    </form>
  );
}
