"use client";

import { buttonClass } from "@/components/ui/button";

/** Loads the page that was asked for again: the /offline page stands in at that page's address. */
export function RetryButton() {
  return (
    <button type="button" onClick={() => window.location.reload()} className={buttonClass("secondary")}>
      Try again
    </button>
  );
}
