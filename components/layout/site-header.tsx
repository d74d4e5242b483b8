import Image from "next/image";
import Link from "next/link";
import { Suspense } from "react";
import type { SessionUser } from "@/lib/auth/session";
import { CartLink } from "@/components/layout/cart-link";
import { SearchBox } from "@/components/layout/search-box";
import { LogoutButton } from "@/components/layout/logout-button";

const link = "rounded-md px-2 py-1.5 font-medium hover:bg-brand-50";

export function SiteHeader({ user }: { user: SessionUser | null }) {
  return (
    <header className="sticky top-0 z-30 border-b border-stone-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2 sm:px-4">
        <Link href="/" className="mr-auto flex items-center gap-2 text-lg font-extrabold text-brand-800">
          <Image src="/images/logo.svg" alt="" width={32} height={32} priority />
          <span>Fresh Bowl</span>
        </Link>
        <nav aria-label="Main" className="order-3 flex w-full flex-wrap items-center gap-x-1 text-sm sm:order-none sm:w-auto">
          <Link href="/" className={link}>Home</Link>
          <Link href="/menu" className={link}>Menu</Link>
          <CartLink />
          {user ? (
            <>
              <Link href="/orders" className={link}>My orders</Link>
              {user.role === "admin" && <Link href="/admin/dashboard" className={link}>Admin</Link>}
              <LogoutButton />
            </>
          ) : (
            <>
              <Link href="/login" className={link}>Login</Link>
              <Link href="/register" className="rounded-md bg-brand-700 px-3 py-1.5 font-semibold text-white hover:bg-brand-800">
                Sign Up
              </Link>
            </>
          )}
        </nav>
        <div className="order-4 w-full sm:order-none sm:w-auto">
          <Suspense fallback={null}>
            <SearchBox />
          </Suspense>
        </div>
      </div>
    </header>
  );
}
