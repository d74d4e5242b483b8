"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { apiFetch, settle, withoutFieldPrefix } from "@/lib/client/api-client";
import { offerSchema } from "@/lib/offers/schema";
import type { ApiOffer, OfferKind } from "@/lib/offers/types";
import { Button } from "@/components/ui/button";
import { ErrorText, Field } from "@/components/ui/field";
import { FormControls } from "@/components/ui/form-controls";
import { toast } from "@/components/ui/toast";
import { bodyOf, EMPTY_OFFER, valuesOf, type OfferFormValues } from "@/components/admin/offers/offer-form-values";

const KIND_LABELS: Record<OfferKind, string> = { flat: "Rupees off", percent: "Percent off", free_delivery: "Free delivery" };

type Errors = Partial<Record<keyof OfferFormValues | "form", string>>;

/**
 * Creating or changing an offer on /admin/offers, checked with the API's own schema before it is
 * sent; the server's refusal (a code already taken) is shown at its field.
 */
export function OfferForm({ editing, onDone }: { editing: ApiOffer | null; onDone: () => void }) {
  const router = useRouter();
  const [values, setValues] = useState<OfferFormValues>(editing ? valuesOf(editing) : EMPTY_OFFER);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof OfferFormValues>(key: K, value: OfferFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const body = bodyOf(values);
    const parsed = offerSchema.safeParse(body);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = (issue.path[0] ?? "form") as keyof Errors;
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setBusy(true);
    setErrors({});
    const reply = await settle(
      editing
        ? apiFetch<ApiOffer>("PUT", `/api/offers/${encodeURIComponent(editing.id)}`, body)
        : apiFetch<ApiOffer>("POST", "/api/offers", body),
    );
    setBusy(false);
    if (!reply.ok) {
      const field = (reply.error.field ?? "form") as keyof Errors;
      setErrors({ [field in EMPTY_OFFER ? field : "form"]: withoutFieldPrefix(reply.error.message) });
      return;
    }
    toast.success(editing ? `Offer ${reply.data.code} saved` : `Offer ${reply.data.code} created`);
    setValues(EMPTY_OFFER);
    onDone();
    router.refresh();
  }

  const number = (key: keyof OfferFormValues, label: string, hint?: string, required = true) => (
    <Field
      label={label}
      inputMode="numeric"
      value={String(values[key])}
      onChange={(e) => set(key, e.target.value as never)}
      error={errors[key]}
      hint={hint}
      required={required}
    />
  );
  // India time, as the API reads a date-time without an offset; blank is allowed.
  const moment = (key: "validFrom" | "validTo", label: string, hint: string) => (
    <Field
      label={label}
      type="datetime-local"
      value={values[key]}
      onChange={(e) => set(key, e.target.value)}
      error={errors[key]}
      hint={hint}
      required={false}
    />
  );

  return (
    <form onSubmit={submit} noValidate aria-label={editing ? `Edit offer ${editing.code}` : "New offer"} className="space-y-4">
      <h2 className="text-lg font-bold">{editing ? `Edit ${editing.code}` : "New offer"}</h2>
      <FormControls className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Code"
          value={values.code}
          onChange={(e) => set("code", e.target.value)}
          error={errors.code}
          hint="3 to 20 letters or digits; customers may type it in any case"
          autoComplete="off"
          required
        />
        <div className="flex flex-col gap-1">
          <label htmlFor="offer-kind" className="text-sm font-medium text-stone-800">
            Kind
          </label>
          <select
            id="offer-kind"
            value={values.kind}
            onChange={(e) => set("kind", e.target.value as OfferKind)}
            className="w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base"
          >
            {(Object.keys(KIND_LABELS) as OfferKind[]).map((k) => (
              <option key={k} value={k}>
                {KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </div>
        {values.kind === "flat" ? number("amount", "Amount off (₹)") : null}
        {values.kind === "percent" ? number("percent", "Percent off", "1 to 100, rounded down to whole rupees") : null}
        {values.kind === "percent" ? number("maxDiscount", "Maximum discount (₹)", "Blank: no cap", false) : null}
        {number("minSubtotal", "Minimum subtotal (₹)", "0: any order")}
        {moment("validFrom", "Valid from", "India time; blank: from now")}
        {moment("validTo", "Valid to", "India time; blank: no end")}
        {number("perCustomer", "Uses per customer")}
        {number("totalUses", "Total uses", "Blank: unlimited", false)}
        <div className="flex flex-col gap-2 sm:col-span-2">
          {(
            [
              ["firstOrderOnly", "First order only"],
              ["onlineOnly", "Only for orders paid online (UPI or card)"],
              ["active", "Active"],
            ] as const
          ).map(([key, label]) => (
            <label key={key} className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={values[key]} onChange={(e) => set(key, e.target.checked)} className="h-4 w-4" />
              {label}
            </label>
          ))}
        </div>
        <ErrorText className="text-sm text-red-700 sm:col-span-2">{errors.form ?? errors.kind}</ErrorText>
        <div className="flex flex-wrap gap-2 sm:col-span-2">
          <Button type="submit" disabled={busy}>
            {editing ? "Save changes" : "Create offer"}
          </Button>
          {editing ? (
            <Button
              variant="secondary"
              onClick={() => {
                setValues(EMPTY_OFFER);
                setErrors({});
                onDone();
              }}
            >
              Cancel editing
            </Button>
          ) : null}
        </div>
      </FormControls>
    </form>
  );
}
