"use client";

import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { OnToLogin } from "@/components/auth/on-to-login";
import { authLinkClass } from "@/components/auth/styles";
import { ApiError, api, messageOf } from "@/lib/client/api-client";
import { ResendConfirmationForm } from "@/components/auth/resend-confirmation-form";

type State = { kind: "pending" } | { kind: "confirmed"; message: string } | { kind: "failed"; message: string; expired: boolean };

const FAILED = "Confirmation failed. Invalid or expired link.";

const linkClass = authLinkClass;

/**
 * Confirms once the page runs in a browser, not on the server render, so link scanners that
 * fetch the page without running scripts do not use up the one-time token.
 */
export function ConfirmEmail({ token }: { token: string }) {
  const [state, setState] = useState<State>({ kind: "pending" });
  const started = useRef(false);

  useEffect(() => {
    // The token is single use: a second request (React's development double effect) would fail.
    if (started.current) return;
    started.current = true;
    api.confirm(token).then(
      (data) => setState({ kind: "confirmed", message: data.message?.trim() ? data.message : "Email confirmed successfully!" }),
      (error: unknown) =>
        setState({
          kind: "failed",
          message: messageOf(error, FAILED),
          // Without the server's word the link may well have expired: offer a new one then too.
          expired: !(error instanceof ApiError && error.fromServer) || error.code === "token_expired",
        }),
    );
  }, [token]);

  if (state.kind === "pending") {
    return (
      <p role="status" className="text-stone-700">
        Confirming your email…
      </p>
    );
  }

  if (state.kind === "confirmed") {
    return <OnToLogin message={state.message} />;
  }

  const expired = state.expired;
  return (
    <div className="flex flex-col gap-4">
      <Alert tone="error">{state.message}</Alert>
      {expired ? (
        <>
          <p className="text-sm text-stone-700">
            Enter your email for a new confirmation link, or{" "}
            <Link href="/register" className={linkClass}>
              register again
            </Link>
            .
          </p>
          <ResendConfirmationForm />
        </>
      ) : (
        <p className="text-sm text-stone-700">
          Already confirmed?{" "}
          <Link href="/login" className={linkClass}>
            Go to login
          </Link>
        </p>
      )}
    </div>
  );
}
