import type { Metadata, Viewport } from "next";
import localFont from "next/font/local";
import { LazyToaster } from "@/components/ui/lazy-toaster";
import { ServiceWorkerRegistration } from "@/components/offline/service-worker-registration";
import { env } from "@/lib/env";
import { SITE } from "@/lib/site";
import { THEME_COLOUR } from "@/lib/theme";
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
    title: { default: `${SITE.name} · Fresh salads delivered in Bengaluru`, template: `%s · ${SITE.name}` },
    description: `Order crisp, generous chicken, veg and egg salads from ${SITE.name}'s cloud kitchen, delivered as soon as we can or in the slot you choose.`,
    applicationName: SITE.name,
    // Installed on a phone (product.md §14): the manifest (app/manifest.ts) for Android and
    // desktop browsers; iOS reads these and app/apple-icon.png.
    appleWebApp: { capable: true, title: SITE.name, statusBarStyle: "default" },
    openGraph: { type: "website", siteName: SITE.name, locale: "en_IN", images: ["/images/hero.svg"] },
  };
}

// viewport-fit=cover: installed, the shop draws under the notch and the home indicator, and the
// header and the bottom bar keep clear of them with the safe-area insets.
export const viewport: Viewport = { themeColor: THEME_COLOUR, width: "device-width", initialScale: 1, viewportFit: "cover" };

// Reads nothing per request (no cookies, headers or session), so the pages under it can be
// prerendered; the header's account links read the session inside <Suspense>.
// The shop's route groups frame their pages with its header and footer (ShopFrame); the admin
// area has its own.
export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en-IN" className={inter.variable}>
      <body className="flex min-h-screen flex-col font-sans">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
        >
          Skip to content
        </a>
        {children}
        <LazyToaster position="top-center" duration={3000} richColors closeButton />
        {env().isProduction && <ServiceWorkerRegistration />}
      </body>
    </html>
  );
}
