import type { Metadata } from "next";
import { Suspense } from "react";
import { BeforeYouOpen } from "@/components/admin/before-you-open";
import { AdminHeader } from "@/components/admin/admin-header";
import { AdminNav } from "@/components/admin/admin-nav";
import { AdminLegalFooter } from "@/components/layout/legal-lines";

// Per visitor (the session, the address's token or query): rendered for each request, not prerendered.
export const instant = false;

// The admin area's own frame (the root layout leaves the shop's header and footer out here, see
// ShopFrame): a top bar without cart or search, the sections as a sidebar from lg up and a
// compact menu below, and at the foot the licence lines every page carries (§11). proxy.ts guards /admin/* before rendering and every page checks again
// with requirePageAdmin, so this layout only draws the frame.

export const metadata: Metadata = { robots: { index: false, follow: false } };

export default function AdminLayout({ children }: { children: React.ReactNode }) {
  return (
    <>
      <AdminHeader />
      <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col gap-4 px-3 py-4 sm:px-4 lg:flex-row lg:items-start lg:gap-6 lg:py-6">
        <AdminNav />
        <main id="main" className="min-w-0 flex-1">
          <Suspense fallback={null}>
            <BeforeYouOpen />
          </Suspense>
          {children}
        </main>
      </div>
      <AdminLegalFooter />
    </>
  );
}
