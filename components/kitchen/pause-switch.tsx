"use client";

import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { api, settle } from "@/lib/client/api-client";
import { formatIndiaTime } from "@/lib/time";
import { storeStateWords } from "@/lib/store/words";
import type { StoreState } from "@/lib/store/types";
import { useStoreState } from "@/components/kitchen/use-store-state";

// The kitchen's pause switch (product.md §9): a busy kitchen stops new ASAP orders for a while,
// or until it reopens (scheduled orders are still taken). The state is said in words; every
// control is a named button.

const PAUSES = [
  { minutes: 15, label: "15 min" },
  { minutes: 30, label: "30 min" },
  { minutes: 60, label: "1 hour" },
  { minutes: null, label: "Until I reopen" },
] as const;

/** How long the pause lasts, in words: "until 2:15 pm", "until you reopen". */
const untilWords = (paused: NonNullable<StoreState["paused"]>) =>
  paused.until ? `until ${formatIndiaTime(paused.until)}` : "until you reopen";

export function PauseSwitch({ initial }: { initial: StoreState }) {
  const [state, setState] = useStoreState(initial);
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function change(call: () => Promise<StoreState>, done: (s: StoreState) => string) {
    setBusy(true);
    setError(null);
    const reply = await settle(call());
    setBusy(false);
    if (!reply.ok) {
      setError(reply.error.message);
      return;
    }
    setState(reply.data);
    setReason("");
    toast.success(done(reply.data));
  }

  const pause = (minutes: number | null) =>
    change(
      () => api.pauseStore({ minutes, reason: reason.trim() || null }),
      (s) => `New orders paused ${s.paused ? untilWords(s.paused) : ""}`.trim(),
    );
  const reopen = () =>
    change(
      () => api.reopenStore(),
      () => "Taking new orders again",
    );

  return (
    <section aria-labelledby="pause-heading" className="rounded-2xl border border-stone-200 bg-white p-3 shadow-sm">
      <h2 id="pause-heading" className="text-base font-bold">
        New orders
      </h2>
      <p role="status" className="mt-1 text-sm font-semibold text-stone-900" data-testid="store-state" suppressHydrationWarning>
        {storeStateWords(state, new Date())}
        {state.paused && <span className="font-normal text-stone-700"> ({untilWords(state.paused)})</span>}
      </p>
      {state.paused ? (
        <Button className="mt-2 min-h-11" disabled={busy} onClick={() => void reopen()}>
          Reopen<span className="sr-only"> for new orders</span>
        </Button>
      ) : (
        <div className="mt-2 space-y-2">
          <Field
            label="Reason shown to customers"
            required={false}
            maxLength={200}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            placeholder="e.g. catching up with a rush"
          />
          <div role="group" aria-label="Pause new orders for" className="flex flex-wrap items-center gap-2">
            <span aria-hidden="true" className="text-sm font-semibold text-stone-700">
              Pause:
            </span>
            {PAUSES.map((p) => (
              <Button key={p.label} variant="secondary" className="min-h-11" disabled={busy} onClick={() => void pause(p.minutes)}>
                {/* Named in full, the visible words included: "Pause new orders for 15 min". */}
                <span className="sr-only">{p.minutes === null ? "Pause new orders " : "Pause new orders for "}</span>
                {p.label}
              </Button>
            ))}
          </div>
        </div>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
    </section>
  );
}
