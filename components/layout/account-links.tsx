"use client";

import Link from "next/link";
import { lazy, Suspense, useEffect } from "react";
import { navLinkClass } from "@/components/layout/nav-link";
import { refreshSignedIn, useSignedIn } from "@/lib/auth/signed-in";

// Not prefetched: they are on every page, and prefetching them made every visit of the menu
// download the account forms' code (bench/README.md, first-load JS). For the same reason the
// signed-in links (and Logout's script) load only when someone is signed in.

const SignedInLinks = lazy(() => import("@/components/layout/signed-in-links"));

function SignedOutLinks() {
  return (
    <>
      <Link href="/login" prefetch={false} className={navLinkClass}>
        Login
      </Link>
      <Link
        href="/register"
        prefetch={false}
        className="rounded-md bg-brand-700 px-3 py-1.5 font-semibold text-white hover:bg-brand-800 max-sm:py-2"
      >
        Sign Up
      </Link>
    </>
  );
}

/**
 * The header's account part: Login and Sign Up, or My orders, Account (+ Admin) and Logout. The pages
 * are prerendered for everyone, so the prerendered links are the signed-out ones (what most
 * visitors, crawlers and a browser without JavaScript need); the visitor's own replace them once
 * the browser knows who is signed in (lib/auth/signed-in.ts).
 */
export function AccountLinks() {
  const user = useSignedIn((s) => s.user);

  // Once per page load: client navigations keep the header, and signing in or out here sets it.
  useEffect(() => void refreshSignedIn(), []);

  return (
    <div className="flex items-center gap-x-1">
      {user ? (
        <Suspense fallback={<SignedOutLinks />}>
          <SignedInLinks admin={user.role === "admin"} />
        </Suspense>
      ) : (
        <SignedOutLinks />
      )}
    </div>
  );
}
