import "server-only";
import Link from "next/link";
import { currentUser } from "@/lib/auth/session";
import { LogoutButton } from "@/components/layout/logout-button";

export const navLinkClass = "rounded-md px-2 py-1.5 font-medium hover:bg-brand-50";

// Not prefetched: they are on every page, and prefetching them made every visit of the menu
// download the account forms' code (bench/README.md, first-load JS).

function SignedOutLinks() {
  return (
    <>
      <Link href="/login" prefetch={false} className={navLinkClass}>
        Login
      </Link>
      <Link href="/register" prefetch={false} className="rounded-md bg-brand-700 px-3 py-1.5 font-semibold text-white hover:bg-brand-800">
        Sign Up
      </Link>
    </>
  );
}

/**
 * The header's account part: Login and Sign Up, or My orders (+ Admin) and Logout. It reads the
 * session, so pages render it per request inside <Suspense> (site-header.tsx); the rest of the
 * page stays prerendered.
 */
export async function AccountLinks() {
  const user = await currentUser();
  if (!user) return <SignedOutLinks />;
  return (
    <>
      <Link href="/orders" prefetch={false} className={navLinkClass}>
        My orders
      </Link>
      {user.role === "admin" && (
        <Link href="/admin/dashboard" prefetch={false} className={navLinkClass}>
          Admin
        </Link>
      )}
      <LogoutButton />
    </>
  );
}

/** Until the session is read: the links most visitors see, in the same place. */
export function AccountLinksPending() {
  return <SignedOutLinks />;
}
