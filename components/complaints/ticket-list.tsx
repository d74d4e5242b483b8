import Link from "next/link";
import { CATEGORY_LABELS, type ApiComplaint } from "@/lib/complaints/types";
import { orderNumber } from "@/lib/orders/status";
import { formatIndiaDate, formatIndiaDateTime } from "@/lib/time";

/** "Open · resolve by 1 Jan 2027", "Overdue · was due 1 Jan 2027", "Resolved 3 Dec 2026": in words, never by colour alone. */
export function TicketState({ ticket }: { ticket: ApiComplaint }) {
  if (ticket.status === "resolved") {
    return <span className="font-semibold text-green-800">Resolved {ticket.resolvedAt ? formatIndiaDate(ticket.resolvedAt) : ""}</span>;
  }
  if (ticket.overdue) {
    return (
      <span className="rounded bg-red-100 px-1.5 py-0.5 font-semibold text-red-900" data-testid="overdue">
        Overdue · was due {formatIndiaDate(ticket.resolveBy)}
      </span>
    );
  }
  return <span className="font-semibold text-stone-800">Open · resolve by {formatIndiaDate(ticket.resolveBy)}</span>;
}

/** One ticket's facts: the number, when it came, what it is about and what was said (and done). */
export function TicketSummary({ ticket, orderHref }: { ticket: ApiComplaint; orderHref: (id: string) => string }) {
  return (
    <div className="space-y-1 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-base font-bold">{ticket.number}</h3>
        <TicketState ticket={ticket} />
      </div>
      <p className="text-stone-700">
        {CATEGORY_LABELS[ticket.category]} · received {formatIndiaDateTime(ticket.acknowledgedAt)}
        {ticket.orderId ? (
          <>
            {" "}
            · order{" "}
            <Link href={orderHref(ticket.orderId)} className="underline underline-offset-2">
              #{orderNumber(ticket.orderId)}
            </Link>
          </>
        ) : null}
      </p>
      <p className="break-words whitespace-pre-line">{ticket.description}</p>
      {ticket.resolution ? (
        <p className="break-words whitespace-pre-line">
          <span className="font-semibold">Resolution:</span> {ticket.resolution}
        </p>
      ) : null}
    </div>
  );
}
