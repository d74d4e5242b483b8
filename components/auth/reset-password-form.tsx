"use client";

import Link from "next/link";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { toast } from "sonner";
import type { z } from "zod";
import { resetPasswordFormSchema } from "@/lib/schemas";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/alert";
import { OnToLogin, authLinkClass } from "@/components/auth/on-to-login";
import { PasswordField } from "@/components/auth/password-field";
import { submitJson } from "@/components/auth/client-api";

type Input = z.input<typeof resetPasswordFormSchema>;
type Values = z.output<typeof resetPasswordFormSchema>;

const linkClass = authLinkClass;

export function ResetPasswordForm({ token }: { token: string }) {
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Values>({ resolver: zodResolver(resetPasswordFormSchema), defaultValues: { password: "", confirmPassword: "" } });
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);


  async function onSubmit(values: Values) {
    setError(null);
    const outcome = await submitJson(`/api/reset-password/${encodeURIComponent(token)}`, { password: values.password }, {
      success: "Password reset successfully!",
      failure: "Failed to reset password",
    });
    if (!outcome.ok) {
      toast.error(outcome.message);
      if (outcome.field === "password") setFieldError("password", { type: "server", message: outcome.message });
      else setError(outcome.message);
      return;
    }
    toast.success(outcome.message);
    setSuccess(outcome.message);
  }

  if (success) {
    return <OnToLogin message={success} />;
  }

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-4">
      <PasswordField
        label="New password"
        autoComplete="new-password"
        required
        hint="At least 8 characters. Avoid common passwords."
        error={errors.password?.message}
        {...register("password")}
      />
      <PasswordField label="Confirm password" autoComplete="new-password" required error={errors.confirmPassword?.message} {...register("confirmPassword")} />
      {error ? (
        <Alert tone="error">
          <p>{error}</p>
          {/* The link can die while the form is open (used in another tab, or 30 minutes passed). */}
          {error.toLowerCase().includes("token") ? (
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
