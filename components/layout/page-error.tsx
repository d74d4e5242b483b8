"use client";

import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";

// What a page shows when it could not be rendered, most often because the database is away for
// a moment (a restart, a failover): a calm "back in a moment" with a retry, inside the shop's
// own header and footer, instead of Next's bare error text (product.md §5). The error.tsx files
// of the shop's route groups show it inside their layout (header and footer); the root one
// when a group's layout itself failed.
// `retry` renders the page again on the server; `reset` would only redraw what already failed.
export function PageError({ retry }: { error: unknown; retry: () => void }) {
  return (
    <EmptyState
      role="alert"
      title="We'll be back in a moment"
      message="The kitchen's system is catching its breath. Your cart is safe on this device; please try again in a few seconds."
      links={[{ href: "/", label: "Back to the home page" }]}
      className="mx-auto max-w-lg"
    >
      <Button onClick={retry}>Try again</Button>
    </EmptyState>
  );
}
