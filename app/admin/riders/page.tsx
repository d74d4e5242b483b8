import type { Metadata } from "next";
import Form from "next/form";
import { requirePageAdmin } from "@/lib/auth/session";
import { listRiders } from "@/lib/riders/queries";
import { riderLedger } from "@/lib/riders/ledger";
import { ledgerQuerySchema } from "@/lib/riders/schema";
import { formatIndiaDay, indiaDayKey, indiaInstant } from "@/lib/time";
import { firstParam, withQuery } from "@/lib/page-query";
import { RiderCashUp } from "@/components/riders/rider-cash-up";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Field } from "@/components/ui/field";

export const metadata: Metadata = { title: "Riders · Admin" };

// The cash-up (product.md §12): per rider and India day, the deliveries made, the cash collected
// and handed in, and what is still owed, with the form that records cash handed in.
export default async function AdminRidersPage({ searchParams }: PageProps<"/admin/riders">) {
  const asked = firstParam((await searchParams).date);
  const admin = await requirePageAdmin(withQuery("/admin/riders", { date: asked }));
  const today = indiaDayKey(new Date());
  const parsed = ledgerQuerySchema.safeParse({ date: asked || undefined });
  const date = (parsed.success && parsed.data.date) || today;
  const dayName = formatIndiaDay(indiaInstant(date, 0));
  const riders = await listRiders(admin);
  const ledgers = await Promise.all(riders.map((rider) => riderLedger(admin, rider.id, date)));

  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">Riders</h1>
        <p className="mt-1 text-sm text-stone-700">
          Cash collected at the door and handed in, per India day. Still owed counts every day up to the end of this one.
        </p>
      </div>
      <Form action="/admin/riders" className="flex flex-wrap items-end gap-2">
        <Field
          id="riders-day"
          label="Day"
          name="date"
          type="date"
          defaultValue={date}
          max={today}
          error={parsed.success ? undefined : parsed.error.issues[0]?.message}
        />
        <Button type="submit" variant="secondary">
          Show day
        </Button>
      </Form>
      {riders.length === 0 ? (
        <EmptyState
          message="No riders yet."
          detail="Make an account a rider on the Users page."
          links={[{ href: "/admin/users", label: "Users" }]}
        />
      ) : (
        riders.map((rider, i) => <RiderCashUp key={rider.id} rider={rider} ledger={ledgers[i]} dayName={dayName} />)
      )}
    </div>
  );
}
