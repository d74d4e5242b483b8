"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect } from "react";
import { LogoutButton } from "@/components/layout/logout-button";
import { useAccountHint } from "@/components/layout/use-account-hint";

export const navLinkClass = "rounded-md px-2 py-1.5 font-medium hover:bg-brand-50";

// Not prefetched: they are on every page, and prefetching them made every visit of the menu
// download the account forms' code (bench/README.md, first-load JS).

/**
 * The header's account part: Login and Sign Up, or My orders (+ Admin) and Logout. Until React
 * has read the hint cookie (the cached HTML, hydration) both sets are rendered and CSS keyed on
 * <html data-account> shows the right one, so nothing flashes or moves.
 */
export function AccountLinks() {
  // Re-read on every navigation: signing in ends with one.
  usePathname();
  const state = useAccountHint();

  useEffect(() => {
    if (state === "unknown") return;
    if (state === "signed-out") delete document.documentElement.dataset.account;
    else document.documentElement.dataset.account = state;
  }, [state]);

  const signedIn = (
    <>
      <Link href="/orders" prefetch={false} className={navLinkClass}>
        My orders
      </Link>
      {state !== "user" && (
        <Link href="/admin/dashboard" prefetch={false} className={state === "admin" ? navLinkClass : `account-admin ${navLinkClass}`}>
          Admin
        </Link>
      )}
      <LogoutButton />
    </>
  );
  const signedOut = (
    <>
      <Link href="/login" prefetch={false} className={navLinkClass}>
        Login
      </Link>
      <Link href="/register" prefetch={false} className="rounded-md bg-brand-700 px-3 py-1.5 font-semibold text-white hover:bg-brand-800">
        Sign Up
      </Link>
    </>
  );

  if (state === "signed-out") return signedOut;
  if (state !== "unknown") return signedIn;
  return (
    <>
      <span className="account-in contents">{signedIn}</span>
      <span className="account-out contents">{signedOut}</span>
    </>
  );
}
