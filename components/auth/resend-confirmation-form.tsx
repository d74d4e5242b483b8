"use client";

import { Field } from "@/components/ui/field";
import { Button } from "@/components/ui/button";
import { resendConfirmation } from "@/components/auth/client-api";
import { useAccountForm } from "@/components/auth/use-account-form";

const FIELDS = ["email"] as const;
// The shared schema (the one /api checks with) loads when the form is first focused.
const loadSchema = () => import("@/lib/auth/schema").then((m) => m.emailOnlySchema);

/** Asks for a fresh confirmation link (the reply is the same whether or not the account exists). */
export function ResendConfirmationForm() {
  const { errors, isSubmitting, field, formProps } = useAccountForm(loadSchema, FIELDS);

  async function onSubmit({ email }: { email: string }) {
    await resendConfirmation(email);
  }

  return (
    <form {...formProps(onSubmit)} className="flex flex-col gap-3">
      <Field label="Email" type="email" autoComplete="email" inputMode="email" required error={errors.email} {...field("email")} />
      <Button type="submit" variant="secondary" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
        Resend confirmation email
      </Button>
    </form>
  );
}
