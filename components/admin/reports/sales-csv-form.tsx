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
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      parseSalesRange({ from, to });
    } catch (error) {
      if (!(error instanceof Invalid)) throw error;
      setErrors(error.field === "from" || error.field === "to" ? { [error.field]: error.message } : { form: error.message });
      return;
    }
    setErrors({});
    setBusy(true);
    const query = new URLSearchParams({ from, to });
    const result = await downloadFrom(`/api/reports/sales.csv?${query}`, `fresh-bowl-sales-${from}-to-${to}.csv`);
    setBusy(false);
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
          Every order placed on these days (India time), with its invoice and tax when it has one. Amounts in rupees with paise; at most{" "}
          {MAX_RANGE_DAYS} days.
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
        <Button type="submit" disabled={busy} className="w-full sm:w-auto">
          {busy ? "Preparing the CSV…" : "Download CSV"}
        </Button>
      </form>
    </Panel>
  );
}
