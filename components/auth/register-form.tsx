"use client";

import { useState } from "react";
import { toast } from "sonner";
import type { z } from "zod";
import { joinNameParts } from "@/lib/auth/names";
import type { registerFormSchema } from "@/lib/auth/schema";
import { Field } from "@/components/ui/field";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/alert";
import { OnToLogin } from "@/components/auth/on-to-login";
import { PasswordField } from "@/components/auth/password-field";
import { api } from "@/lib/api-client";
import { outcomeOf } from "@/components/auth/client-api";
import { useAccountForm } from "@/components/auth/use-account-form";

type RegisterValues = z.output<typeof registerFormSchema>;

const FIELDS = ["firstName", "middleName", "lastName", "email", "password", "confirmPassword"] as const;
// The shared schema (the one /api checks with) loads when the form is first focused.
const loadSchema = () => import("@/lib/auth/schema").then((m) => m.registerFormSchema);

export function RegisterForm() {
  const { errors, isSubmitting, formProps, setError: setFieldError } = useAccountForm(loadSchema, FIELDS);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  async function onSubmit(values: RegisterValues) {
    setError(null);
    const body = {
      name: joinNameParts(values.firstName, values.middleName, values.lastName),
      email: values.email.trim(),
      password: values.password,
    };
    const outcome = await outcomeOf(api.register(body), {
      success: "Registration successful! Please check your email to confirm.",
      failure: "Registration failed. Please try again.",
    });
    if (!outcome.ok) {
      toast.error(outcome.message);
      // The server names the field it refused; show the message there when the form has it.
      if (outcome.field === "email" || outcome.field === "password") setFieldError(outcome.field, outcome.message);
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
    <form {...formProps(onSubmit)} className="flex flex-col gap-4">
      <Field label="First name" autoComplete="given-name" required name="firstName" error={errors.firstName} />
      <Field label="Middle name" autoComplete="additional-name" required={false} name="middleName" error={errors.middleName} />
      <Field label="Last name" autoComplete="family-name" required name="lastName" error={errors.lastName} />
      <Field label="Email" type="email" autoComplete="email" inputMode="email" required name="email" error={errors.email} />
      <PasswordField
        label="Password"
        autoComplete="new-password"
        required
        hint="At least 8 characters. Avoid common passwords."
        name="password"
        error={errors.password}
      />
      <PasswordField label="Confirm password" autoComplete="new-password" required name="confirmPassword" error={errors.confirmPassword} />
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined} className="w-full">
        Sign up
      </Button>
    </form>
  );
}
