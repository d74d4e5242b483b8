"use client";

import { useEffect, type ReactNode } from "react";
import { useKept } from "@/lib/favourites/kept";
import { keep, loadKept } from "@/lib/favourites/client";
import { toast } from "@/components/ui/toast";

/** The signed-in heart: pressed when the bowl is kept; waits (disabled) until the server has said which are. */
export default function HeartButton({ id, name, children }: { id: string; name: string; children: ReactNode }) {
  const ids = useKept((s) => s.ids);
  useEffect(loadKept, []);
  const on = ids?.has(id) ?? false;

  async function toggle() {
    if (!(await keep(id, !on))) toast.error(`Could not ${on ? "remove" : "save"} ${name}. Please try again.`);
  }

  return (
    <button
      type="button"
      aria-pressed={on}
      aria-label={on ? `Remove ${name} from favourites` : `Save ${name} to favourites`}
      disabled={ids === null}
      onClick={() => void toggle()}
      className="group"
    >
      {children}
    </button>
  );
}
