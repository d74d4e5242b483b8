import type { Metadata } from "next";
import Link from "next/link";
import { requirePageUser } from "@/lib/auth/session";
import { listOrders } from "@/lib/orders/queries";
import { listComplaints } from "@/lib/complaints/queries";
import { orderNumber } from "@/lib/orders/status";
import { formatIndiaDate } from "@/lib/time";
import { formatRupees } from "@/lib/money";
import { RESOLVE_WITHIN_DAYS } from "@/lib/complaints/types";
import { Panel } from "@/components/ui/panel";
import { ComplaintForm } from "@/components/complaints/complaint-form";
import { TicketSummary } from "@/components/complaints/ticket-list";

// Per visitor (the session, the address's token or query): rendered for each request, not prerendered.
export const instant = false;

export const metadata: Metadata = { title: "Help: report a problem", robots: { index: false, follow: false } };

/** The orders a customer may pick; older ones can still be named in the description. */
const ORDERS_OFFERED = 20;

export default async function HelpPage({ searchParams }: PageProps<"/help">) {
  const raw = (await searchParams).order;
  const wanted = Array.isArray(raw) ? raw[0] : raw;
  const user = await requirePageUser(wanted ? `/help?order=${encodeURIComponent(wanted)}` : "/help");
  const [orders, tickets] = await Promise.all([
    listOrders(user, { limit: ORDERS_OFFERED }, { ownOnly: true }),
    listComplaints(user, { ownOnly: true }),
  ]);
  const choices = orders.map((o) => ({
    id: o.id,
    label: `#${orderNumber(o.id)} · ${formatIndiaDate(o.createdAt)} · ${formatRupees(o.total)}`,
  }));
  // Only one of the customer's own orders is chosen for them; any other id is ignored.
  const orderId = wanted && choices.some((c) => c.id === wanted) ? wanted : null;

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">Help</h1>
        <p className="mt-2 text-stone-700">
          Something wrong with an order? Tell us here. You get a ticket number and an acknowledgement by e-mail at once, and we resolve
          every complaint within {RESOLVE_WITHIN_DAYS} days. Refunds and cancellations follow our{" "}
          <Link href="/policies" className="underline underline-offset-2">
            policies
          </Link>
          .
        </p>
      </div>
      <Panel padding="lg" aria-labelledby="report-heading">
        <h2 id="report-heading" className="mb-4 text-lg font-bold">
          Report a problem
        </h2>
        <ComplaintForm orders={choices} orderId={orderId} />
      </Panel>
      <section aria-labelledby="tickets-heading" className="space-y-3">
        <h2 id="tickets-heading" className="text-lg font-bold">
          Your complaints
        </h2>
        {tickets.length === 0 ? (
          <p className="text-stone-700">You have not reported any problems.</p>
        ) : (
          <ul className="space-y-3">
            {tickets.map((t) => (
              <Panel as="li" key={t.id}>
                <TicketSummary ticket={t} orderHref={(id) => `/orders/${encodeURIComponent(id)}`} />
              </Panel>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
