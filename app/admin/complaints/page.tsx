import type { Metadata } from "next";
import { requirePageAdmin } from "@/lib/auth/session";
import { openComplaints } from "@/lib/complaints/queries";
import { RESOLVE_WITHIN_DAYS } from "@/lib/complaints/types";
import { Panel } from "@/components/ui/panel";
import { TicketSummary } from "@/components/complaints/ticket-list";
import { ResolveForm } from "@/components/complaints/resolve-form";

// Per visitor (the session, the address's token or query): rendered for each request, not prerendered.
export const instant = false;

export const metadata: Metadata = { title: "Complaints" };

export default async function AdminComplaintsPage() {
  const admin = await requirePageAdmin("/admin/complaints");
  const tickets = await openComplaints(admin);
  const overdue = tickets.filter((t) => t.overdue).length;

  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">Complaints</h1>
        <p className="mt-1 text-sm text-stone-700">
          Open tickets, oldest first. Each must be resolved within {RESOLVE_WITHIN_DAYS} days of its acknowledgement; the customer is mailed
          the resolution. A refund is made from the order&apos;s page.
        </p>
        <p className="mt-1 text-sm font-semibold" role="status">
          {tickets.length === 0 ? "No open complaints." : `${tickets.length} open, ${overdue} overdue.`}
        </p>
      </div>
      {tickets.length > 0 ? (
        <ol aria-label="Open complaints, oldest first" className="space-y-3">
          {tickets.map((t) => (
            <Panel as="li" key={t.id} className={t.overdue ? "border-red-300" : ""}>
              <TicketSummary ticket={t} orderHref={(id) => `/admin/orders/${encodeURIComponent(id)}`} />
              <p className="mt-1 text-sm text-stone-700">
                From {t.user.name} ·{" "}
                <a href={`mailto:${t.user.email}`} className="underline underline-offset-2">
                  {t.user.email}
                </a>
              </p>
              <ResolveForm complaintId={t.id} number={t.number} />
            </Panel>
          ))}
        </ol>
      ) : null}
    </div>
  );
}
