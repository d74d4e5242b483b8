import "server-only";
import type { ReactNode } from "react";
import { SiteHeader } from "@/components/layout/site-header";
import { SiteFooter } from "@/components/layout/site-footer";

/**
 * The shop's frame (header, main, footer) around its pages: the layout of the (shop)
 * route groups and the root not-found page. The admin area draws its own (app/admin/layout.tsx:
 * sidebar, no cart).
 */
export function ShopFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <SiteHeader />
      {/* At least a screen tall, so the footer starts below the first screen: a page whose content
          arrives after its first paint (a skeleton, a checkout read from the browser's storage)
          then moves nothing a visitor can see (no layout shift). */}
      <main id="main" className="mx-auto min-h-svh w-full max-w-6xl flex-1 px-3 py-6 sm:px-4">
        {children}
      </main>
      <SiteFooter />
      {/* Phones: room under the footer for the bar of links fixed to the screen's foot. */}
      <div aria-hidden="true" className="h-[calc(var(--bottom-bar-height)+env(safe-area-inset-bottom))] sm:hidden" />
    </>
  );
}
