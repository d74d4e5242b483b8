"use client";

import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { OnToLogin } from "@/components/auth/on-to-login";
import { authLinkClass } from "@/components/auth/styles";
import { requestJson, textOf } from "@/components/auth/client-api";
import { ResendConfirmationForm } from "@/components/auth/resend-confirmation-form";

type State = { kind: "pending" } | { kind: "confirmed"; message: string } | { kind: "failed"; message: string };

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
    requestJson(`/api/confirm/${encodeURIComponent(token)}`)
      .then((reply) =>
        setState(
          reply.ok
            ? { kind: "confirmed", message: textOf(reply.data, ["message"], "Email confirmed successfully!") }
            : { kind: "failed", message: textOf(reply.data, ["error", "message"], "Confirmation failed. Invalid or expired link.") },
        ),
      )
      .catch(() => setState({ kind: "failed", message: "Confirmation failed. Invalid or expired link." }));
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

  const expired = state.message.toLowerCase().includes("expired");
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
