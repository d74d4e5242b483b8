"use client";

import { useSyncExternalStore } from "react";
import { OFFLINE_MESSAGE } from "@/lib/offline/words";

function subscribe(onChange: () => void) {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

/**
 * The menu's banner while the browser has no connection (product.md §14): the menu shown is the
 * last one this device kept. A client island, so the page itself stays one prerender; on the
 * server, and online, it shows nothing.
 */
export function OfflineBanner() {
  const offline = useSyncExternalStore(
    subscribe,
    () => !navigator.onLine,
    () => false,
  );
  // The live region is there from the start, so a screen reader announces the words when they
  // come. aria-live without role="status": the menu's own status line (its query's count) is the
  // page's one status.
  return (
    <div aria-live="polite">
      {offline && (
        <p className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-semibold text-amber-900">
          {OFFLINE_MESSAGE}
        </p>
      )}
    </div>
  );
}
