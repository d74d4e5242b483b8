"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { ApiError, messageOf } from "@/lib/client/api-client";
import { formatRupees } from "@/lib/money";
import { riderCalls } from "@/components/riders/rider-calls";
import { toast } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import { Field, ErrorText } from "@/components/ui/field";

// Cash a rider hands in at the end of a run (product.md §12): the server refuses more than they
// owe, or an amount outside 1–100000 rupees, in words shown beside the field it names.

export function SettlementForm({ riderId, riderName }: { riderId: string; riderName: string }) {
  const router = useRouter();
  const [amount, setAmount] = useState("");
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; field?: string }>();
  const ids = { amount: `settle-${riderId}-amount`, note: `settle-${riderId}-note` };

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      // Digits as typed; anything else goes as it is and the server names what is wrong.
      const rupees = /^\d+$/.test(amount.trim()) ? Number(amount.trim()) : Number.NaN;
      const saved = await riderCalls.settle(riderId, { amount: rupees, ...(note.trim() ? { note: note.trim() } : {}) });
      toast.success(`Recorded ${formatRupees(saved.amount)} handed in by ${riderName}`);
      setAmount("");
      setNote("");
      router.refresh();
    } catch (e) {
      setError({
        message: messageOf(e, "Could not record the cash. Please try again."),
        field: e instanceof ApiError ? e.field : undefined,
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-3" aria-label={`Cash handed in by ${riderName}`}>
      <div className="flex flex-wrap items-start gap-3">
        <Field
          id={ids.amount}
          label="Cash handed in (₹)"
          inputMode="numeric"
          required
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={error?.field === "amount" ? error.message : undefined}
          className="w-40"
        />
        <Field
          id={ids.note}
          label="Note"
          required={false}
          maxLength={200}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          error={error?.field === "note" ? error.message : undefined}
          className="min-w-0 flex-1"
        />
      </div>
      {error && error.field !== "amount" && error.field !== "note" && <ErrorText>{error.message}</ErrorText>}
      <Button type="submit" disabled={busy}>
        Record cash<span className="sr-only"> handed in by {riderName}</span>
      </Button>
    </form>
  );
}
