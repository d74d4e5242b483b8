"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { Alert } from "@/components/ui/alert";
import { authLinkClass } from "@/components/auth/styles";

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
