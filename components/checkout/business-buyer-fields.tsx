"use client";

import { useId } from "react";
import { Field } from "@/components/ui/field";
import { buyerFieldsSchema, type Buyer } from "@/lib/billing/buyer-schema";

export type BusinessBuyerState = { wanted: boolean; gstin: string; legalName: string };
export type BuyerErrors = Partial<Record<keyof Buyer, string>>;

/** The buyer to send, by the server's own rules (lib/billing/buyer-schema.ts), or what is wrong with it. */
export function checkedBuyer(state: BusinessBuyerState): { ok: boolean; buyer: Buyer | null; errors: BuyerErrors } {
  if (!state.wanted) return { ok: true, buyer: null, errors: {} };
  const parsed = buyerFieldsSchema.safeParse({ gstin: state.gstin, legalName: state.legalName });
  if (parsed.success) return { ok: true, buyer: parsed.data, errors: {} };
  const errors: BuyerErrors = {};
  for (const issue of parsed.error.issues) errors[issue.path[0] as keyof Buyer] ??= issue.message;
  return { ok: false, buyer: null, errors };
}

type Props = {
  value: BusinessBuyerState;
  onChange: (value: BusinessBuyerState) => void;
  errors: BuyerErrors;
};

/**
 * "Bill to my business" (product.md §11): a customer who buys for a business names it, so the
 * tax invoice carries its GSTIN and legal name and the business can claim the tax.
 */
export function BusinessBuyerFields({ value, onChange, errors }: Props) {
  const fieldsId = useId();
  return (
    <fieldset className="rounded-xl border border-stone-200 bg-white p-4">
      <legend className="px-1 text-base font-bold">Bill</legend>
      <label className="flex cursor-pointer items-center gap-3">
        <input
          type="checkbox"
          checked={value.wanted}
          aria-controls={fieldsId}
          aria-expanded={value.wanted}
          onChange={(e) => onChange({ ...value, wanted: e.currentTarget.checked })}
          className="h-4 w-4 accent-brand-700"
        />
        <span className="font-medium">Bill to my business</span>
      </label>
      <div id={fieldsId} hidden={!value.wanted} className="mt-3 grid gap-3 sm:grid-cols-2">
        {value.wanted && (
          <>
            <Field
              label="GSTIN"
              value={value.gstin}
              onChange={(e) => onChange({ ...value, gstin: e.currentTarget.value })}
              autoComplete="off"
              spellCheck={false}
              maxLength={20}
              error={errors.gstin}
              hint="15 characters, e.g. 29ABCDE1234F1Z5"
            />
            <Field
              label="Legal name"
              value={value.legalName}
              onChange={(e) => onChange({ ...value, legalName: e.currentTarget.value })}
              autoComplete="organization"
              maxLength={200}
              error={errors.legalName}
              hint="As registered for GST"
            />
          </>
        )}
      </div>
    </fieldset>
  );
}
