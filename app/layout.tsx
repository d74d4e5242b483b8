import type { Metadata, Viewport } from "next";
import localFont from "next/font/local";
import { LazyToaster } from "@/components/ui/lazy-toaster";
import { ACCOUNT_HINT_SCRIPT } from "@/lib/auth/account-hint";
import { env } from "@/lib/env";
import { SiteHeader } from "@/components/layout/site-header";
import { SiteFooter } from "@/components/layout/site-footer";
import { ShopFrame } from "@/components/layout/shop-frame";
import { SITE } from "@/lib/site";
import "./globals.css";

const inter = localFont({
  src: "../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
  variable: "--font-inter",
  // On a phone's connection the font's 49 kB went before the hero image and the CSS when it was
  // preloaded, and swapping it in late moved the hero's text (Lighthouse, slow 4G). So: not
  // preloaded, and used only when it is there in time (from the browser's cache after the first
  // page); otherwise the size-matched fallback stays, and nothing moves.
  display: "optional",
  weight: "100 900",
  preload: false,
});

export function generateMetadata(): Metadata {
  return {
    metadataBase: new URL(env().appUrl),
    title: { default: `${SITE.name} · Fresh salads delivered in 30 minutes`, template: `%s · ${SITE.name}` },
    description: `Order crisp, generous chicken, veg and egg salads from ${SITE.name}'s cloud kitchen, ready in about 30 minutes.`,
    applicationName: SITE.name,
    openGraph: { type: "website", siteName: SITE.name, locale: "en_IN", images: ["/images/hero.svg"] },
  };
}

export const viewport: Viewport = { themeColor: "#15803d", width: "device-width", initialScale: 1 };

// Reads nothing per request (no cookies, headers or session), so the pages under it can be
// prerendered and served from the cache; per-visitor parts of the header are client islands.
// The shop's header and footer frame every page but the admin area's (ShopFrame).
export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    // The inline script below may set data-account on <html> before React hydrates.
    <html lang="en-IN" className={inter.variable} suppressHydrationWarning>
      <body className="flex min-h-screen flex-col font-sans">
        <script dangerouslySetInnerHTML={{ __html: ACCOUNT_HINT_SCRIPT }} />
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
        >
          Skip to content
        </a>
        <ShopFrame header={<SiteHeader />} footer={<SiteFooter />}>
          {children}
        </ShopFrame>
        <LazyToaster position="top-center" duration={3000} richColors closeButton />
      </body>
    </html>
  );
}
