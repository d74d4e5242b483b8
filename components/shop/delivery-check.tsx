"use client";

import { useActionState, useId } from "react";
import { DELIVERY_CHECK_ID, type PinAnswer } from "@/components/shop/pin-answer";

const TONES: Record<PinAnswer["tone"], string> = {
  yes: "border-brand-200 bg-white text-brand-900",
  no: "border-amber-300 bg-amber-50 text-amber-950",
  invalid: "border-red-300 bg-red-50 text-red-800",
};

const MARKS: Record<PinAnswer["tone"], string> = { yes: "✓", no: "✕", invalid: "!" };

/**
 * "Do we deliver to you?": a PIN code and the shop's answer with the area's fee and minimum. A
 * form posting to a Server Action: without JavaScript the browser posts it and the page comes
 * back with the answer; with it, the answer arrives in place. The page hands over the action
 * (app/(shop)/actions.ts), so this client module never imports the server's code.
 */
export function DeliveryCheck({ check }: { check: (previous: PinAnswer | null, form: FormData) => Promise<PinAnswer> }) {
  // The permalink is where the browser posts without JavaScript (React leaves the action empty
  // otherwise, which HTML does not allow): back to this section of the landing page.
  const [answer, formAction, pending] = useActionState(check, null, `/#${DELIVERY_CHECK_ID}`);
  const inputId = useId();
  const hintId = useId();
  const answerId = useId();

  return (
    <form action={formAction} className="mt-4 flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <label htmlFor={inputId} className="text-sm font-medium text-stone-800">
          PIN code
        </label>
        <div className="flex flex-wrap gap-2">
          <input
            id={inputId}
            name="pin"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={7}
            defaultValue={answer?.pin ?? ""}
            required
            aria-describedby={`${hintId}${answer ? ` ${answerId}` : ""}`}
            aria-invalid={answer?.tone === "invalid" ? true : undefined}
            className="w-40 rounded-lg border border-stone-300 bg-white px-3 py-2 text-base outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30"
          />
          <button
            type="submit"
            disabled={pending}
            className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
          >
            Check
          </button>
        </div>
        <p id={hintId} className="text-xs text-stone-600">
          6 digits, e.g. 560034
        </p>
      </div>
      {/* Room for a two-line answer up front, so nothing below moves when it arrives. */}
      <div role="status" aria-live="polite" className="min-h-14">
        {answer && (
          <p
            id={answerId}
            data-testid="delivery-answer"
            className={`flex gap-2 rounded-lg border px-3 py-2 text-sm font-medium ${TONES[answer.tone]}`}
          >
            <span aria-hidden="true">{MARKS[answer.tone]}</span>
            <span>{answer.words}</span>
          </p>
        )}
      </div>
    </form>
  );
}
