"use client";

import type { ReactNode } from "react";
import { useIsClient } from "@/lib/use-is-client";

/**
 * A form's controls, disabled until the page has hydrated. The form's state starts from the
 * server's values when React takes over, so a box ticked or a field typed into before then would
 * be forgotten (a checkbox showed unticked while the form still thought it ticked). Disabled
 * controls say "not yet" instead, for the moment a slow phone needs.
 */
export function FormControls({ className = "", children }: { className?: string; children: ReactNode }) {
  const ready = useIsClient();
  return (
    <fieldset disabled={!ready} className={`min-w-0 ${className}`}>
      {children}
    </fieldset>
  );
}
