"use client";

import { Button } from "@/components/ui/button";

/** Opens the browser's print dialog (the page's print styles leave only the bill). */
export function PrintButton() {
  return (
    <Button variant="secondary" onClick={() => window.print()}>
      Print
    </Button>
  );
}
