"use client";

import Link from "next/link";
import { LogoutButton } from "@/components/layout/logout-button";
import { navLinkClass } from "@/components/layout/nav-link";

/** My orders, Account, Admin for admins, and Logout: loaded by account-links.tsx once someone is signed in. */
export default function SignedInLinks({ admin }: { admin: boolean }) {
  return (
    <>
      <Link href="/orders" prefetch={false} className={navLinkClass}>
        My orders
      </Link>
      <Link href="/account" prefetch={false} className={navLinkClass}>
        Account
      </Link>
      {admin && (
        <Link href="/admin/dashboard" prefetch={false} className={navLinkClass}>
          Admin
        </Link>
      )}
      <LogoutButton />
    </>
  );
}
