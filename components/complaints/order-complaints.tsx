import Link from "next/link";
import type { ApiComplaint } from "@/lib/complaints/types";
import { Panel } from "@/components/ui/panel";
import { TicketState } from "@/components/complaints/ticket-list";

/**
 * The tickets about an order, on its admin page (product.md §11): a refund for a complaint is made
 * here, so whoever makes it sees what the customer reported. Read-only; resolved on /admin/complaints.
 */
export function OrderComplaints({ tickets }: { tickets: ApiComplaint[] }) {
  if (tickets.length === 0) return null;
  return (
    <Panel aria-labelledby="order-complaints-heading" className="border-amber-300">
      <h2 id="order-complaints-heading" className="font-bold">
        Complaints about this order
      </h2>
      <ul className="mt-2 space-y-2 text-sm">
        {tickets.map((t) => (
          <li key={t.id} className="break-words">
            <span className="font-semibold">{t.number}</span> · <TicketState ticket={t} /> · {t.description}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm">
        <Link href="/admin/complaints" className="underline underline-offset-2">
          All open complaints
        </Link>
      </p>
    </Panel>
  );
}
