"use client";

import "./globals.css";

// When the root layout itself fails (the header, the fonts, the metadata), error.tsx cannot help:
// it renders inside that layout. This page draws its own document, with nothing from the
// layout, so it works whatever broke; its own few lines, as every page loads this script.
export default function GlobalError({ retry }: { error: unknown; retry: () => void }) {
  return (
    <html lang="en-IN">
      <head>
        <title>Back in a moment · Fresh Bowl</title>
      </head>
      <body className="p-12 text-center">
        <h1 className="text-2xl font-bold">We&apos;ll be back in a moment</h1>
        <p className="my-4">Fresh Bowl&apos;s system is catching its breath. Your cart is safe on this device.</p>
        <button type="button" onClick={retry} className="rounded-lg bg-brand-700 px-4 py-2 text-white">
          Try again
        </button>
      </body>
    </html>
  );
}
