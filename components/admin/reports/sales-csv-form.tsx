"use client";

import { useState, type FormEvent } from "react";
import { Invalid } from "@/lib/errors";
import { MAX_RANGE_DAYS, parseSalesRange } from "@/lib/reports/period";
import { Field } from "@/components/ui/field";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/alert";
import { Panel } from "@/components/ui/panel";
import { downloadFrom } from "@/components/admin/reports/download";

type Errors = { from?: string; to?: string; form?: string };

/**
 * The sales CSV of a range of India days (GET /api/reports/sales.csv). The range is checked here
 * with the API's own rules first; whatever the API still refuses is shown at the field it names.
 */
export function SalesCsvForm({ defaultFrom, defaultTo }: { defaultFrom: string; defaultTo: string }) {
  const [from, setFrom] = useState(defaultFrom);
  const [to, setTo] = useState(defaultTo);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState<"order" | "invoice" | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const by = submitter instanceof HTMLButtonElement && submitter.value === "invoice" ? "invoice" : "order";
    try {
      parseSalesRange({ from, to });
    } catch (error) {
      if (!(error instanceof Invalid)) throw error;
      setErrors(error.field === "from" || error.field === "to" ? { [error.field]: error.message } : { form: error.message });
      return;
    }
    setErrors({});
    setBusy(by);
    const query = new URLSearchParams(by === "invoice" ? { from, to, by } : { from, to });
    const name = by === "invoice" ? `fresh-bowl-sales-by-invoice-${from}-to-${to}.csv` : `fresh-bowl-sales-${from}-to-${to}.csv`;
    const result = await downloadFrom(`/api/reports/sales.csv?${query}`, name);
    setBusy(null);
    if (!result.ok) {
      setErrors(result.field === "from" || result.field === "to" ? { [result.field]: result.error } : { form: result.error });
    }
  }

  return (
    <Panel aria-labelledby="sales-heading" padding="lg" className="space-y-4">
      <div>
        <h2 id="sales-heading" className="text-lg font-bold">
          Sales CSV
        </h2>
        <p className="text-sm text-stone-700">
          Every order placed on these days (India time), with its invoice and tax when it has one; or, by invoice, every bill and credit
          note issued on these days, a credit note&apos;s amounts negative, which adds up to the month&apos;s GSTR-1. Amounts in rupees with
          paise; at most {MAX_RANGE_DAYS} days.
        </p>
      </div>
      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-describedby={errors.form ? "sales-form-error" : undefined}>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="From" type="date" name="from" value={from} onChange={(e) => setFrom(e.target.value)} error={errors.from} required />
          <Field label="To" type="date" name="to" value={to} onChange={(e) => setTo(e.target.value)} error={errors.to} required />
        </div>
        {errors.form ? (
          <div id="sales-form-error">
            <Alert tone="error">{errors.form}</Alert>
          </div>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" name="by" value="order" disabled={busy !== null} className="w-full sm:w-auto">
            {busy === "order" ? "Preparing the CSV…" : "Download CSV"}
          </Button>
          <Button type="submit" name="by" value="invoice" variant="secondary" disabled={busy !== null} className="w-full sm:w-auto">
            {busy === "invoice" ? "Preparing the CSV…" : "Download by invoice (CSV)"}
          </Button>
        </div>
      </form>
    </Panel>
  );
}
