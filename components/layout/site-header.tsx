import Link from "next/link";
import { Suspense } from "react";
import { AccountLinks, navLinkClass } from "@/components/layout/account-links";
import { CartLink } from "@/components/layout/cart-link";
import { SearchBox, SearchBoxFromUrl } from "@/components/layout/search-box";
import { SITE } from "@/lib/site";
import { LogoMark } from "@/components/layout/logo-mark";

const HEADER_ID = "site-header";

// The same for everyone, so pages that use it can be cached: the parts that differ per visitor
// (account links, cart badge) are client islands.
export function SiteHeader() {
  return (
    <>
      {/* Chrome paints a page whose HTML it is still parsing when its parser pauses, and a
          header painted half parsed (the search box not there yet) moved its links when the
          rest arrived: a layout shift (tests/e2e/caching.spec.ts caught it). React puts this
          in <head>: no first paint until the whole header is parsed. Browsers without it ignore it. */}
      <link rel="expect" href={`#${HEADER_ID}`} blocking="render" />
      <header id={HEADER_ID} className="sticky top-0 z-30 border-b border-stone-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2 sm:px-4">
          <Link href="/" className="mr-auto flex items-center gap-2 text-lg font-extrabold text-brand-800">
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
            <AccountLinks />
          </nav>
          <div className="order-4 w-full sm:order-none sm:w-auto">
            <Suspense fallback={<SearchBox />}>
              <SearchBoxFromUrl />
            </Suspense>
          </div>
        </div>
      </header>
    </>
  );
}
