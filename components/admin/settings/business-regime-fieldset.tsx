"use client";

import { useId } from "react";
import { REGIMES, type Regime } from "@/lib/billing/types";
import { COMPOSITION_HEADING } from "@/lib/billing/words";
import type { BusinessFormValues } from "@/components/admin/settings/business-form";
import { BoundField, SettingsSection, usePrefilledForm } from "@/components/admin/settings/settings-fields";

/** Each regime as the admin chooses it: what the kitchen is, and the bill a delivered order gets. */
const REGIME_TEXT: Record<Regime, { title: string; bill: string; detail: string }> = {
  regular: {
    title: "Registered for GST (regular)",
    bill: "Tax invoice with 5 % GST",
    detail: "CGST 2.5 % + SGST 2.5 % on restaurant service (SAC 996331), included in the menu prices.",
  },
  composition: {
    title: "Composition scheme",
    bill: "Bill of Supply",
    detail: `No tax charged; each bill is headed “${COMPOSITION_HEADING}”.`,
  },
  unregistered: {
    title: "Not registered for GST",
    bill: "Receipt",
    detail: "A plain receipt, without a GSTIN or tax lines.",
  },
};

/** The GST regime (radios, each explained) and the GSTIN it needs. */
export function BusinessRegimeFieldset() {
  const { choice, errors } = usePrefilledForm<BusinessFormValues>();
  const id = useId();
  const regimeError = errors.regime?.message;

  return (
    <SettingsSection legend="GST registration">
      <fieldset className="min-w-0" aria-describedby={regimeError ? `${id}-error` : undefined}>
        <legend className="text-sm font-medium text-stone-800">Regime: the bill each delivered order gets</legend>
        <ul className="mt-2 grid gap-2 lg:grid-cols-3">
          {REGIMES.map((regime) => {
            const text = REGIME_TEXT[regime];
            const optionId = `${id}-${regime}`;
            return (
              <li key={regime} className="flex gap-2 rounded-lg border border-stone-300 p-3 has-checked:border-brand-600">
                <input
                  type="radio"
                  id={optionId}
                  aria-describedby={`${optionId}-detail`}
                  className="mt-1 size-4 shrink-0 accent-brand-700"
                  {...choice("regime", regime)}
                />
                <div>
                  <label htmlFor={optionId} className="text-sm font-semibold text-stone-900">
                    {text.title}: {text.bill}
                  </label>
                  <p id={`${optionId}-detail`} className="text-xs text-stone-600">
                    {text.detail}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
        {regimeError ? (
          <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
            {regimeError}
          </p>
        ) : null}
      </fieldset>
      <div className="sm:max-w-md">
        <BoundField<BusinessFormValues>
          label="GSTIN"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
          hint="15 characters, e.g. 29AAGCB7383J1Z4. Required when registered (regular or composition); blank when not."
          name="gstin"
        />
      </div>
    </SettingsSection>
  );
}
