import type { Metadata } from "next";
import { requirePageAdmin } from "@/lib/auth/session";
import { Invalid } from "@/lib/errors";
import { indiaWallClock } from "@/lib/time";
import { parseMonth } from "@/lib/reports/period";
import { gstr1Figures } from "@/lib/reports/gstr1";
import { monthName } from "@/lib/reports/format";
import { Panel } from "@/components/ui/panel";
import { SalesCsvForm } from "@/components/admin/reports/sales-csv-form";
import { Gstr1MonthForm } from "@/components/admin/reports/gstr1-month-form";
import { Gstr1Tables } from "@/components/admin/reports/gstr1-tables";
import { firstParam } from "@/lib/page-query";

export const metadata: Metadata = { title: "Reports · Admin" };

/** The month asked for, or this India month when none was; a refusal names why. */
function chosenMonth(asked: string | undefined, thisMonth: string): { month: string; error?: string } {
  if (asked === undefined) return { month: thisMonth };
  try {
    return { month: parseMonth(asked) };
  } catch (error) {
    if (error instanceof Invalid) return { month: asked, error: error.message };
    throw error;
  }
}

// The owner's accountant's page (product.md §11): the sales CSV of any range of days, and the
// month's GSTR-1 figures drawn here from the same function GET /api/reports/gstr1 answers with.
export default async function AdminReportsPage({ searchParams }: PageProps<"/admin/reports">) {
  const asked = firstParam((await searchParams).month);
  const admin = await requirePageAdmin(asked === undefined ? "/admin/reports" : `/admin/reports?month=${encodeURIComponent(asked)}`);
  const today = indiaWallClock(new Date()).dateKey;
  const { month, error } = chosenMonth(asked, today.slice(0, 7));
  const figures = error ? null : await gstr1Figures(admin, month);

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">Reports</h1>
        <p className="mt-1 text-sm text-stone-700">
          What the accountant needs for the monthly GST return. Every day and month is India time.
        </p>
      </div>

      <SalesCsvForm defaultFrom={`${today.slice(0, 7)}-01`} defaultTo={today} />

      <Panel aria-labelledby="gstr1-heading" padding="lg" className="space-y-4">
        <div>
          <h2 id="gstr1-heading" className="text-lg font-bold">
            GSTR-1 figures{figures ? `, ${monthName(month)}` : ""}
          </h2>
          <p className="text-sm text-stone-700">
            Over the tax invoices and credit notes issued in the month, as the GST portal takes them (Download JSON). Credit notes count in
            the month they are issued in: a consumer&apos;s are taken off the B2C summary, a registered buyer&apos;s are listed on their
            own.
          </p>
        </div>
        <Gstr1MonthForm month={month} error={error} />
        {figures ? <Gstr1Tables figures={figures} monthName={monthName(month)} /> : null}
      </Panel>
    </div>
  );
}
