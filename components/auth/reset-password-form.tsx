"use client";

import Link from "next/link";
import { useState } from "react";
import type { z } from "zod";
import type { resetPasswordFormSchema } from "@/lib/auth/schema";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/alert";
import { OnToLogin, useOnToLogin } from "@/components/auth/on-to-login";
import { authLinkClass } from "@/components/auth/styles";
import { NewPasswordFields } from "@/components/auth/new-password-fields";
import { api } from "@/lib/client/api-client";
import { outcomeOf } from "@/components/auth/client-api";
import { useAccountForm } from "@/components/auth/use-account-form";

type Values = z.output<typeof resetPasswordFormSchema>;

const FIELDS = ["password", "confirmPassword"] as const;
// The shared schema (the one /api checks with) loads when the form is first focused.
const loadSchema = () => import("@/lib/auth/schema").then((m) => m.resetPasswordFormSchema);

const linkClass = authLinkClass;

export function ResetPasswordForm({ token }: { token: string }) {
  const { errors, isSubmitting, field, formProps, setError: setFieldError } = useAccountForm(loadSchema, FIELDS);
  const [error, setError] = useState<{ message: string; deadLink: boolean } | null>(null);
  const { success, settle } = useOnToLogin();

  async function onSubmit(values: Values) {
    setError(null);
    const failure = settle(
      await outcomeOf(api.resetPassword(token, values.password), {
        success: "Password reset successfully!",
        failure: "Failed to reset password",
      }),
    );
    if (!failure) return;
    if (failure.field === "password") setFieldError("password", failure.message);
    else setError({ message: failure.message, deadLink: failure.code === "token_invalid" || failure.code === "token_expired" });
  }

  if (success) {
    return <OnToLogin message={success} />;
  }

  return (
    <form {...formProps(onSubmit)} className="flex flex-col gap-4">
      <NewPasswordFields label="New password" errors={errors} field={field} />
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
