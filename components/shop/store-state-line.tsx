"use client";

import { useEffect, useState } from "react";
import { api, settle } from "@/lib/client/api-client";
import { storeStateWords } from "@/lib/store/words";
import type { StoreState } from "@/lib/store/types";

type Shown = { words: string; tone: "open" | "closed" | "paused" };

const DOTS: Record<Shown["tone"], string> = { open: "bg-brand-600", closed: "bg-stone-500", paused: "bg-amber-500" };

/** How often the line is read again while the page stays open: the ASAP promise moves with the clock. */
const EVERY_MS = 60_000;

/**
 * The shop's state now (product.md §9): "Open · delivering by 1:45 pm", "Closed · opens 11:00 am
 * tomorrow" or "Paused: <reason>". The landing page is prerendered for everyone, so the browser
 * asks (GET /api/store) once the page has loaded; the line's room is kept from the first paint so
 * nothing moves when it arrives. The words carry the state; the dot only repeats it.
 */
export function StoreStateLine() {
  const [shown, setShown] = useState<Shown | null>(null);

  useEffect(() => {
    let current = true;
    const read = async () => {
      const reply = await settle(api.store());
      if (!current || !reply.ok) return;
      const state: StoreState = reply.data;
      setShown({
        words: storeStateWords(state, new Date()),
        tone: state.paused ? "paused" : state.open ? "open" : "closed",
      });
    };
    void read();
    const timer = setInterval(() => void read(), EVERY_MS);
    return () => {
      current = false;
      clearInterval(timer);
    };
  }, []);

  return (
    <p
      role="status"
      className="flex min-h-12 items-start gap-2 text-base font-semibold text-stone-900 sm:min-h-6"
      data-testid="store-state"
    >
      {shown && (
        <>
          <span aria-hidden="true" className={`mt-2 inline-block h-2.5 w-2.5 shrink-0 rounded-full ${DOTS[shown.tone]}`} />
          <span>{shown.words}</span>
        </>
      )}
    </p>
  );
}
