"use client";

import { useState } from "react";
import { ApiError, messageOf } from "@/lib/client/api-client";
import { riderCalls } from "@/components/riders/rider-calls";
import { Field, ErrorText } from "@/components/ui/field";

// The rider's on-duty switch (product.md §12), and the phone customers call when none is kept
// yet: going on duty takes one, and the server says so in words when it is missing or wrong.

export function DutySwitch({ initial }: { initial: { onDuty: boolean; phone: string | null } }) {
  const [onDuty, setOnDuty] = useState(initial.onDuty);
  const [phone, setPhone] = useState(initial.phone);
  const [typed, setTyped] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; field?: string }>();

  async function change(next: boolean) {
    // The switch moves at once; a refusal puts it back.
    setOnDuty(next);
    setBusy(true);
    setError(undefined);
    try {
      const home = await riderCalls.setDuty({ onDuty: next, ...(typed.trim() ? { phone: typed.trim() } : {}) });
      setOnDuty(home.onDuty);
      setPhone(home.phone);
      setTyped("");
    } catch (e) {
      const field = e instanceof ApiError ? e.field : undefined;
      setOnDuty(!next);
      setError({ message: messageOf(e, "Could not change your duty. Please try again."), field });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-3">
      {phone === null && (
        <Field
          id="rider-phone"
          label="Your phone number"
          hint="Customers call you on it. 10 digits, +91 optional."
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          error={error?.field === "phone" ? error.message : undefined}
        />
      )}
      {/* The whole row is the switch's label, a thumb-size target; its state is said beside it in words. */}
      <div className="rounded-2xl border-2 border-stone-300 bg-white px-4 py-3">
        <label htmlFor="rider-on-duty" className="flex min-h-11 cursor-pointer items-center justify-between gap-3 text-lg font-bold">
          On duty
          <input
            id="rider-on-duty"
            type="checkbox"
            role="switch"
            checked={onDuty}
            disabled={busy}
            aria-describedby="duty-state"
            onChange={(e) => void change(e.target.checked)}
            className="h-7 w-7 shrink-0 accent-brand-700"
          />
        </label>
        <p id="duty-state" className="text-sm text-stone-700" data-testid="duty-state">
          {onDuty ? "You are on duty: the kitchen can give you orders." : "You are off duty."}
        </p>
      </div>
      {error && error.field !== "phone" && <ErrorText>{error.message}</ErrorText>}
    </div>
  );
}
