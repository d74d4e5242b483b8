import Link from "next/link";
import { useId } from "react";
import type { StoreState } from "@/lib/store/types";
import { storeStateWords, opensWords } from "@/lib/store/words";
import { Panel } from "@/components/ui/panel";

const tones = {
  open: { dot: "bg-green-600", label: "Open" },
  paused: { dot: "bg-amber-500", label: "Paused" },
  closed: { dot: "bg-stone-500", label: "Closed" },
} as const;

/**
 * The shop's state as customers see it now, in the header's words (product.md §9): open and
 * delivering by when, closed and opening when, or paused and why, with the way to reopen.
 */
export function StoreStatus({ state, now }: { state: StoreState; now: Date }) {
  const headingId = useId();
  const tone = tones[state.paused ? "paused" : state.open ? "open" : "closed"];

  return (
    <Panel aria-labelledby={headingId}>
      <h2 id={headingId} className="text-sm font-semibold text-stone-600">
        The shop right now
      </h2>
      <p className="mt-1 flex items-center gap-2 text-lg font-semibold" data-testid="store-state">
        {/* The words say it too: the dot only repeats them. */}
        <span aria-hidden="true" title={tone.label} className={`h-3 w-3 shrink-0 rounded-full ${tone.dot}`} />
        <span>{storeStateWords(state, now)}</span>
      </p>
      {state.paused ? (
        <p className="mt-1 text-sm text-stone-700">
          {state.paused.until ? `New orders resume at ${opensWords(state.paused.until, now)}.` : "Until someone reopens the shop."}{" "}
          <Link href="/admin/kitchen" className="font-semibold text-brand-800 underline underline-offset-2">
            Reopen from the kitchen
          </Link>
        </p>
      ) : null}
      {!state.open && !state.paused && !state.nextOpenAt ? (
        <p className="mt-1 text-sm text-stone-700">No opening hours ahead: customers cannot order until some are set.</p>
      ) : null}
    </Panel>
  );
}
