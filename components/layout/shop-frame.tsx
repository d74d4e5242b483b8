"use client";

import { useSelectedLayoutSegment } from "next/navigation";
import type { ReactNode } from "react";

/**
 * The shop's frame (header, main, footer) around every page except the admin area, which draws
 * its own (app/admin/layout.tsx: sidebar, no cart). Chosen by the root layout's child segment, so
 * the root layout stays the same for everyone and the shop's pages stay cacheable; the not-found
 * and error pages keep the shop's header and its way home.
 */
export function ShopFrame({ header, footer, children }: { header: ReactNode; footer: ReactNode; children: ReactNode }) {
  const segment = useSelectedLayoutSegment();
  if (segment === "admin") return children;
  return (
    <>
      {header}
      {/* At least a screen tall, so the footer starts below the first screen: a page whose content
          arrives after its first paint (a skeleton, a checkout read from the browser's storage)
          then moves nothing a visitor can see (no layout shift). */}
      <main id="main" className="mx-auto min-h-svh w-full max-w-6xl flex-1 px-3 py-6 sm:px-4">
        {children}
      </main>
      {footer}
    </>
  );
}
