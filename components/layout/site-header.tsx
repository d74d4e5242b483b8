import "server-only";
import Link from "next/link";
import { AccountLinks } from "@/components/layout/account-links";
import { navLinkClass } from "@/components/layout/nav-link";
import { CartLink } from "@/components/layout/cart-link";
import { SearchBoxFromUrl } from "@/components/layout/search-box";
import { SearchButton, SearchField, SearchToggle } from "@/components/layout/search-toggle";
import { SITE } from "@/lib/site";
import { LogoMark } from "@/components/layout/logo-mark";

// The same for everyone, so every page around it can be prerendered: the account links and the
// cart badge are client islands (the browser asks who is signed in; the cart lives in the browser).
//
// Phones (below Tailwind's `sm`) get one row: the logo, a button that opens the search field,
// and the cart. The main links move to a bar along the screen's foot (the same <nav>, placed by
// `max-sm:` classes only, so the desktop header keeps exactly its own classes). Installed, the
// header and the bar keep clear of the phone's notch and home indicator (the safe-area insets).

const cartIcon = (
  <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
    <path d="M3 3h2l2.4 12.2a2 2 0 0 0 2 1.6h8.9a2 2 0 0 0 2-1.5L22 7H6" strokeLinecap="round" strokeLinejoin="round" />
    <circle cx="10" cy="20.5" r="1.3" />
    <circle cx="18" cy="20.5" r="1.3" />
  </svg>
);

/** Phones: the bar's links share its width; each keeps a finger-sized height. */
const BOTTOM_BAR =
  "max-sm:fixed max-sm:inset-x-0 max-sm:bottom-0 max-sm:z-30 max-sm:h-[calc(var(--bottom-bar-height)+env(safe-area-inset-bottom))] max-sm:flex-nowrap max-sm:justify-center max-sm:text-xs max-sm:border-t max-sm:border-stone-200 max-sm:bg-white max-sm:px-[max(0.5rem,env(safe-area-inset-left))] max-sm:pb-[env(safe-area-inset-bottom)]";

export function SiteHeader() {
  return (
    <>
      {/* Phones: no backdrop filter, which would make the header the box that the bottom bar's
          position: fixed is measured from, and draw the bar at the header instead of the screen's foot. */}
      <header className="sticky top-0 z-30 border-b border-stone-200 bg-white/95 pt-[env(safe-area-inset-top)] backdrop-blur max-sm:bg-white max-sm:[backdrop-filter:none]">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2 max-sm:px-[max(0.75rem,env(safe-area-inset-left))] sm:px-4">
          <SearchToggle>
            {/* The home page is not prefetched from every page: its script would come with each
                visit (first-load JS, bench/README.md), and it is prerendered, so it comes quickly. */}
            <Link href="/" prefetch={false} className="flex items-center gap-2 text-lg font-extrabold text-brand-800">
              <LogoMark size={32} />
              <span>{SITE.name}</span>
            </Link>
            {/* Phones: the search button and the cart in the header's row, before the bottom bar's
                links in the page's order as on the screen. */}
            <SearchButton />
            <CartLink className="order-2 sm:hidden">
              {cartIcon}
              <span>Cart</span>
            </CartLink>
            <nav
              aria-label="Main"
              className={`order-3 flex w-full flex-wrap items-center gap-x-1 text-sm sm:order-none sm:w-auto ${BOTTOM_BAR}`}
            >
              {/* Phones: the logo is the way home. */}
              <Link href="/" prefetch={false} className={`${navLinkClass} max-sm:hidden`}>
                Home
              </Link>
              <Link href="/menu" className={navLinkClass}>
                Menu
              </Link>
              <CartLink className="max-sm:hidden">
                {cartIcon}
                <span>Cart</span>
              </CartLink>
              {/* Last in a row that starts at the left, so nothing else moves when the visitor's
                  own links replace the signed-out ones. */}
              {/* One grid cell holds the links and, unseen, the widest set (an admin's): the cell is
                  that wide from the first paint, so when the visitor's own links arrive nothing
                  moves (the row does not wrap differently on a phone). */}
              <div className="grid *:col-start-1 *:row-start-1">
                <span aria-hidden="true" className="invisible flex items-center gap-x-1">
                  <span className={navLinkClass}>My orders</span>
                  <span className={navLinkClass}>Account</span>
                  <span className={navLinkClass}>Admin</span>
                  <span className={navLinkClass}>Logout</span>
                </span>
                <AccountLinks />
              </div>
            </nav>
            <SearchField>
              <SearchBoxFromUrl />
            </SearchField>
          </SearchToggle>
        </div>
      </header>
    </>
  );
}
