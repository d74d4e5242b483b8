import type { Metadata } from "next";
import { EmptyState } from "@/components/ui/empty-state";
import { RetryButton } from "@/components/offline/retry-button";

// What the service worker (app/sw.ts) answers, without a connection, for any page but the menu
// (product.md §14). Prerendered and kept in its precache; never indexed.

export const metadata: Metadata = { title: "You're offline", robots: { index: false, follow: false } };

export default function OfflinePage() {
  return (
    <EmptyState
      title="You're offline"
      message="This page needs a connection, and so does ordering."
      detail="The menu you last looked at is kept on this device, so you can still browse it."
      links={[{ href: "/menu", label: "Browse the menu", primary: true }]}
    >
      <RetryButton />
    </EmptyState>
  );
}
