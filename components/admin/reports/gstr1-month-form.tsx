"use client";

import { Field } from "@/components/ui/field";
import { Button, buttonClass } from "@/components/ui/button";

type Props = {
  /** The month shown (YYYY-MM), or what was asked for when it is not one. */
  month: string;
  /** Why the month asked for was refused; then there is nothing to download. */
  error?: string;
};

/**
 * Which month's GSTR-1 figures the page shows: a plain GET form, so it works before (and without)
 * the page's JavaScript. A browser without a month picker shows a text box: YYYY-MM is what
 * it takes either way. "Download JSON" saves GET /api/reports/gstr1 for that month.
 */
export function Gstr1MonthForm({ month, error }: Props) {
  const query = new URLSearchParams({ month });
  return (
    <form method="get" action="/admin/reports" className="flex flex-wrap items-end gap-3">
      <Field
        label="Month"
        type="month"
        name="month"
        defaultValue={month}
        error={error}
        hint="India time, written YYYY-MM"
        required
        className="w-full sm:w-56"
      />
      <div className="flex flex-wrap gap-3 pb-5">
        <Button type="submit" variant="secondary">
          Show figures
        </Button>
        {error ? null : (
          <a href={`/api/reports/gstr1?${query}`} download={`fresh-bowl-gstr1-${month}.json`} className={buttonClass("primary")}>
            Download JSON
          </a>
        )}
      </div>
    </form>
  );
}
