"use client";

import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { emailOnlySchema } from "@/lib/schemas";
import { Field } from "@/components/ui/field";
import { Button } from "@/components/ui/button";
import { resendConfirmation } from "@/components/auth/client-api";

type Input = z.input<typeof emailOnlySchema>;
type Values = z.output<typeof emailOnlySchema>;

/** Asks for a fresh confirmation link (the reply is the same whether or not the account exists). */
export function ResendConfirmationForm() {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Values>({ resolver: zodResolver(emailOnlySchema), defaultValues: { email: "" } });

  async function onSubmit({ email }: Values) {
    await resendConfirmation(email);
  }

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-3">
      <Field label="Email" type="email" autoComplete="email" inputMode="email" required error={errors.email?.message} {...register("email")} />
      <Button type="submit" variant="secondary" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
        Resend confirmation email
      </Button>
    </form>
  );
}
