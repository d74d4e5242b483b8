"use client";

import "./globals.css";
import { buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { SITE } from "@/lib/site";

// When the root layout itself fails (the header, the fonts, the metadata), error.tsx cannot help:
// it renders inside that layout. This page draws its own document, with nothing from the
// layout, so it works whatever broke. Same words as error.tsx, and a plain link home: the
// client router may be what failed.
export default function GlobalError({ retry }: { error: unknown; retry: () => void }) {
  return (
    <html lang="en-IN">
      <head>
        <title>{`Back in a moment · ${SITE.name}`}</title>
      </head>
      <body className="flex min-h-screen items-center justify-center px-3 py-6 font-sans">
        <main className="w-full max-w-lg">
          <p className="mb-2 text-center text-lg font-extrabold text-brand-800">{SITE.name}</p>
          <EmptyState
            role="alert"
            title="We'll be back in a moment"
            message="The kitchen's system is catching its breath. Your cart is safe on this device; please try again in a few seconds."
          >
            {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full page load: the router may be what failed */}
            <a href="/" className={buttonClass("secondary")}>
              Back to the home page
            </a>
            <button type="button" onClick={retry} className={buttonClass("primary")}>
              Try again
            </button>
          </EmptyState>
        </main>
      </body>
    </html>
  );
}
