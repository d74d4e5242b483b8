import type { ReactNode } from "react";
import { Alert } from "@/components/ui/alert";

/**
 * The foot of a form laid out in two columns from sm up: what the server refused that no field
 * owns, then the form's buttons, each across both columns.
 */
export function WideFormEnd({ error, children }: { error: string | null; children: ReactNode }) {
  return (
    <>
      {error ? (
        <div className="sm:col-span-2">
          <Alert tone="error">{error}</Alert>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-3 sm:col-span-2">{children}</div>
    </>
  );
}
