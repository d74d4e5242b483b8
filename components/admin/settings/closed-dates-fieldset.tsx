"use client";

import { useId, useState, type KeyboardEvent } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { dayName, isDateKey } from "@/lib/time";
import type { StoreForm, StoreFormValues } from "@/components/admin/settings/store-form";
import { ErrorText, Field } from "@/components/ui/field";
import { Button } from "@/components/ui/button";

/** "Fri, 25 Dec 2026": a date key (an India date already) in words. */
const dateWords = (key: string) => `${dayName(key)} ${key.slice(0, 4)}`;

/** Holidays: a date box with Add, and the dates in order, each with Remove. */
export function ClosedDatesFieldset() {
  const { setValue, formState } = useFormContext<StoreFormValues, unknown, StoreForm>();
  const dates = useWatch<StoreFormValues, "closedDates">({ name: "closedDates" });
  const [draft, setDraft] = useState("");
  const [draftError, setDraftError] = useState<string | undefined>();
  const inputId = useId();
  const errors = formState.errors.closedDates;

  const update = (next: string[]) => setValue("closedDates", next, { shouldDirty: true, shouldValidate: formState.isSubmitted });

  function add() {
    const date = draft.trim();
    if (!isDateKey(date)) return setDraftError("Choose a date to add.");
    if (dates.includes(date)) return setDraftError(`${dateWords(date)} is already closed.`);
    update([...dates, date].sort());
    setDraft("");
    setDraftError(undefined);
  }

  function removeDate(date: string) {
    update(dates.filter((d) => d !== date));
    document.getElementById(inputId)?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Enter adds the date rather than saving the whole form.
    if (event.key !== "Enter") return;
    event.preventDefault();
    add();
  }

  return (
    <fieldset className="min-w-0 space-y-3">
      <legend className="text-base font-semibold text-stone-900">Closed dates</legend>
      <p className="text-sm text-stone-600">Holidays: no deliveries on these dates, whatever the opening hours say.</p>
      {dates.length === 0 ? (
        <p className="text-sm text-stone-700">No closed dates.</p>
      ) : (
        <ul aria-label="Closed dates" className="space-y-2">
          {dates.map((date, index) => (
            <li key={date} className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-stone-50 px-3 py-2">
              <time dateTime={date} className="text-sm font-medium">
                {dateWords(date)}
              </time>
              <Button variant="secondary" size="xs" onClick={() => removeDate(date)}>
                Remove<span className="sr-only"> {dateWords(date)}</span>
              </Button>
              <ErrorText className="w-full text-sm text-red-700">{errors?.[index]?.message}</ErrorText>
            </li>
          ))}
        </ul>
      )}
      <ErrorText>{errors?.message}</ErrorText>
      <div className="flex flex-wrap items-start gap-2">
        <Field
          id={inputId}
          type="date"
          label="Closed date to add"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          error={draftError}
          className="w-full sm:w-56"
        />
        <Button variant="secondary" onClick={add} className="sm:mt-6">
          Add date
        </Button>
      </div>
    </fieldset>
  );
}
