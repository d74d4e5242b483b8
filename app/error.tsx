"use client";

import Link from "next/link";
import { Button, buttonClass } from "@/components/ui/button";

// What a page shows when it could not be rendered, most often because the database is away for
// a moment (a restart, a failover): a calm "back in a moment" with a retry, inside the shop's
// own header and footer, instead of Next's bare error text (product.md §5).
// `retry` renders the page again on the server; `reset` would only redraw what already failed.
export default function PageError({ retry }: { error: unknown; retry: () => void }) {
  return (
    <div role="alert" className="mx-auto max-w-lg rounded-2xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center">
      <h1 className="text-2xl font-bold">We&apos;ll be back in a moment</h1>
      <p className="mt-2 text-stone-700">
        The kitchen&apos;s system is catching its breath. Your cart is safe on this device; please try again in a few seconds.
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link href="/" className={buttonClass("secondary")}>
          Back to the home page
        </Link>
        <Button onClick={retry}>Try again</Button>
      </div>
    </div>
  );
}
