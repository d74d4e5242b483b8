"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { toast } from "@/components/ui/toast";
import { Alert } from "@/components/ui/alert";
import { authLinkClass } from "@/components/auth/styles";
import type { Outcome } from "@/components/auth/client-api";

/** The seed's delay before register, confirm and reset send the user on to /login. */
const REDIRECT_DELAY_MS = 3000;

/** A success message, then /login after 3 seconds (with a link for the impatient). */
export function OnToLogin({ message }: { message: string }) {
  const router = useRouter();
  useEffect(() => {
    const timer = setTimeout(() => router.push("/login"), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [router]);
  return (
    <div className="flex flex-col gap-4">
      <Alert tone="success">
        <p>{message}</p>
        <p className="mt-1">Taking you to the login page…</p>
      </Alert>
      <Link href="/login" className={authLinkClass}>
        Go to login now
      </Link>
    </div>
  );
}

type Failure = Extract<Outcome, { ok: false }>;

/**
 * For a form that ends in OnToLogin (register, reset password): `settle` toasts a call's outcome
 * and, when it succeeded, keeps its message as `success`; a failure is handed back for the form
 * to show by the field it concerns.
 */
export function useOnToLogin() {
  const [success, setSuccess] = useState<string | null>(null);
  function settle(outcome: Outcome): Failure | null {
    if (!outcome.ok) {
      toast.error(outcome.message);
      return outcome;
    }
    toast.success(outcome.message);
    setSuccess(outcome.message);
    return null;
  }
  return { success, settle };
}
