"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { toast } from "sonner";
import type { z } from "zod";
import { joinNameParts, registerFormSchema } from "@/lib/schemas";
import { Field } from "@/components/ui/field";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/alert";
import { OnToLogin } from "@/components/auth/on-to-login";
import { PasswordField } from "@/components/auth/password-field";
import { submitJson } from "@/components/auth/client-api";

type RegisterInput = z.input<typeof registerFormSchema>;
type RegisterValues = z.output<typeof registerFormSchema>;



export function RegisterForm() {
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterInput, unknown, RegisterValues>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { firstName: "", middleName: "", lastName: "", email: "", password: "", confirmPassword: "" },
  });
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);


  async function onSubmit(values: RegisterValues) {
    setError(null);
    const body = { name: joinNameParts(values.firstName, values.middleName, values.lastName), email: values.email.trim(), password: values.password };
    const outcome = await submitJson("/api/register", body, {
      success: "Registration successful! Please check your email to confirm.",
      failure: "Registration failed. Please try again.",
    });
    if (!outcome.ok) {
      toast.error(outcome.message);
      // The server names the field it refused; show the message there when the form has it.
      if (outcome.field === "email" || outcome.field === "password") setFieldError(outcome.field, { type: "server", message: outcome.message });
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
      <Field label="First name" autoComplete="given-name" required error={errors.firstName?.message} {...register("firstName")} />
      <Field label="Middle name" autoComplete="additional-name" required={false} error={errors.middleName?.message} {...register("middleName")} />
      <Field label="Last name" autoComplete="family-name" required error={errors.lastName?.message} {...register("lastName")} />
      <Field label="Email" type="email" autoComplete="email" inputMode="email" required error={errors.email?.message} {...register("email")} />
      <PasswordField
        label="Password"
        autoComplete="new-password"
        required
        hint="At least 8 characters. Avoid common passwords."
        error={errors.password?.message}
        {...register("password")}
      />
      <PasswordField label="Confirm password" autoComplete="new-password" required error={errors.confirmPassword?.message} {...register("confirmPassword")} />
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined} className="w-full">
        Sign up
      </Button>
    </form>
  );
}
