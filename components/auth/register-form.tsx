"use client";

import { useState } from "react";
import type { z } from "zod";
import { joinNameParts } from "@/lib/auth/names";
import type { registerFormSchema } from "@/lib/auth/schema";
import { Field } from "@/components/ui/field";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/alert";
import { OnToLogin, useOnToLogin } from "@/components/auth/on-to-login";
import { NewPasswordFields } from "@/components/auth/new-password-fields";
import { api } from "@/lib/client/api-client";
import { outcomeOf } from "@/components/auth/client-api";
import { useAccountForm } from "@/components/auth/use-account-form";

type RegisterValues = z.output<typeof registerFormSchema>;

const FIELDS = ["firstName", "middleName", "lastName", "email", "password", "confirmPassword"] as const;
// The shared schema (the one /api checks with) loads when the form is first focused.
const loadSchema = () => import("@/lib/auth/schema").then((m) => m.registerFormSchema);

export function RegisterForm() {
  const { errors, isSubmitting, field, formProps, setError: setFieldError } = useAccountForm(loadSchema, FIELDS);
  const [error, setError] = useState<string | null>(null);
  const { success, settle } = useOnToLogin();

  async function onSubmit(values: RegisterValues) {
    setError(null);
    const body = {
      name: joinNameParts(values.firstName, values.middleName, values.lastName),
      email: values.email.trim(),
      password: values.password,
    };
    const failure = settle(
      await outcomeOf(api.register(body), {
        success: "Registration successful! Please check your email to confirm.",
        failure: "Registration failed. Please try again.",
      }),
    );
    if (!failure) return;
    // The server names the field it refused; show the message there when the form has it.
    if (failure.field === "email" || failure.field === "password") setFieldError(failure.field, failure.message);
    else setError(failure.message);
  }

  if (success) {
    return <OnToLogin message={success} />;
  }

  return (
    <form {...formProps(onSubmit)} className="flex flex-col gap-4">
      <Field label="First name" autoComplete="given-name" required error={errors.firstName} {...field("firstName")} />
      <Field label="Middle name" autoComplete="additional-name" required={false} error={errors.middleName} {...field("middleName")} />
      <Field label="Last name" autoComplete="family-name" required error={errors.lastName} {...field("lastName")} />
      <Field label="Email" type="email" autoComplete="email" inputMode="email" required error={errors.email} {...field("email")} />
      <NewPasswordFields label="Password" errors={errors} field={field} />
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined} className="w-full">
        Sign up
      </Button>
    </form>
  );
}
