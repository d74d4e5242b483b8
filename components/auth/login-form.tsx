"use client";

import { useRouter } from "next/navigation";
import { setSignedInUser } from "@/lib/auth/signed-in";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { Field } from "@/components/ui/field";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/alert";
import { PasswordField } from "@/components/auth/password-field";
import { useAccountForm } from "@/components/auth/use-account-form";
import { ApiError, api, messageOf } from "@/lib/client/api-client";
import { requestPasswordReset, resendConfirmation } from "@/components/auth/client-api";

const FIELDS = ["email", "password"] as const;
// The shared schema (the one /api checks with) loads when the form is first focused.
const loadSchema = () => import("@/lib/auth/schema").then((m) => m.loginSchema);

/** The e-mail and password form; the page around it (Google/Facebook, links) is server-rendered. */
export function LoginForm() {
  const router = useRouter();
  const { errors, isSubmitting, field, getValue, formProps } = useAccountForm(loadSchema, FIELDS);
  const [error, setError] = useState<string | null>(null);
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);
  const [signedIn, setSignedIn] = useState(false);
  const [resetBusy, setResetBusy] = useState(false);
  const [resendBusy, setResendBusy] = useState(false);

  async function resend(email: string) {
    setResendBusy(true);
    await resendConfirmation(email);
    setResendBusy(false);
  }

  async function onSubmit(values: { email: string; password: string }) {
    setError(null);
    setUnconfirmed(null);
    let reply;
    try {
      reply = await api.login(values);
    } catch (failure) {
      if (!(failure instanceof ApiError) || failure.status === 0 || failure.code === "bad_reply") {
        setError("An unexpected error occurred.");
        toast.error("An unexpected error occurred.");
        return;
      }
      const message = messageOf(failure, "Login failed. Please try again.");
      setError(message);
      if (failure.code === "email_unconfirmed") {
        setUnconfirmed(values.email);
        toast.warning("Please confirm your email first!", {
          duration: 10_000,
          action: { label: "Resend confirmation email", onClick: () => void resendConfirmation(values.email) },
        });
      } else {
        toast.error(message);
      }
      return;
    }
    const user: { name?: string } = reply.user ?? {};
    setSignedIn(true);
    setSignedInUser(reply.user);
    toast.success("Login successful!");
    toast(`Welcome, ${user.name ?? values.email}!`);
    // Re-rendering /login with the new cookie lets the server send the user on (to `next`, or
    // by role) and renders the whole tree again, so the header shows the signed-in links.
    // A client push instead could follow a prefetch made while signed out (a redirect back to
    // /login) and would keep the old header.
    router.refresh();
  }

  async function forgotPassword() {
    const email = getValue("email").trim();
    if (!email) {
      toast.warning("Please enter your email to reset password.");
      return;
    }
    setResetBusy(true);
    await requestPasswordReset(email);
    setResetBusy(false);
  }

  const busy = isSubmitting || signedIn;

  return (
    <form {...formProps(onSubmit)} className="flex flex-col gap-4" aria-describedby={error ? "login-error" : undefined}>
      <Field label="Email" type="email" autoComplete="email" inputMode="email" required error={errors.email} {...field("email")} />
      <div className="flex flex-col gap-1">
        <PasswordField label="Password" autoComplete="current-password" required error={errors.password} {...field("password")} />
        <div className="flex justify-end">
          <button
            type="button"
            onClick={() => void forgotPassword()}
            disabled={resetBusy}
            className="rounded px-1 py-1 text-sm font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900 disabled:opacity-60"
          >
            Forgot password?
          </button>
        </div>
      </div>
      {error ? (
        <div id="login-error">
          <Alert tone="error">
            <p>{error}</p>
            {unconfirmed ? (
              <Button variant="secondary" className="mt-2" disabled={resendBusy} onClick={() => void resend(unconfirmed)}>
                Resend confirmation email
              </Button>
            ) : null}
          </Alert>
        </div>
      ) : null}
      <Button type="submit" disabled={busy} aria-busy={isSubmitting || undefined} className="w-full">
        Login
      </Button>
    </form>
  );
}
