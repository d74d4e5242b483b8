import "server-only";
import Link from "next/link";
import { Suspense } from "react";
import { AccountLinks, AccountLinksPending, navLinkClass } from "@/components/layout/account-links";
import { CartLink } from "@/components/layout/cart-link";
import { SearchBox, SearchBoxFromUrl } from "@/components/layout/search-box";
import { SITE } from "@/lib/site";
import { LogoMark } from "@/components/layout/logo-mark";

// The same for everyone but the account links, which read the session inside <Suspense> so the
// pages around them stay prerendered; the cart badge is a client island (the cart lives in the
// browser).
export function SiteHeader() {
  return (
    <>
      <header className="sticky top-0 z-30 border-b border-stone-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2 sm:px-4">
          <Link href="/" className="flex items-center gap-2 text-lg font-extrabold text-brand-800">
            <LogoMark size={32} />
            <span>{SITE.name}</span>
          </Link>
          <nav aria-label="Main" className="order-3 flex w-full flex-wrap items-center gap-x-1 text-sm sm:order-none sm:w-auto">
            <Link href="/" className={navLinkClass}>
              Home
            </Link>
            <Link href="/menu" className={navLinkClass}>
              Menu
            </Link>
            <CartLink />
            {/* Last in a row that starts at the left, so nothing else moves when the visitor's
                own links replace the placeholder. */}
            <div className="flex items-center gap-x-1">
              <Suspense fallback={<AccountLinksPending />}>
                <AccountLinks />
              </Suspense>
            </div>
          </nav>
          <div className="order-4 w-full sm:order-none sm:ml-auto sm:w-auto">
            <Suspense fallback={<SearchBox pending />}>
              <SearchBoxFromUrl />
            </Suspense>
          </div>
        </div>
      </header>
    </>
  );
}
