import type { ReactNode } from "react";
import Link from "next/link";
import { portionLabel } from "@/lib/portions";
import { lineOptionsText } from "@/lib/orders/line-text";
import { canCancel, minutesSince, nextStep, type KitchenTicket } from "@/lib/orders/kitchen-rules";
import { promiseStanding, promiseText, type Urgency } from "@/lib/orders/kitchen-promise";
import { KITCHEN_DELAYS } from "@/lib/orders/delay-rules";
import { StatusBadge } from "@/components/orders/status-badge";
import { Button } from "@/components/ui/button";

// One order on the pass: who it is for, what goes in the bag, how long it has waited, when it is
// promised by (coloured and worded by how close that is), the one big button that moves it on,
// and `+10 min` / `+20 min` for when the kitchen runs late. Rendered inside KitchenBoard (a
// client component).

const LOOKS: Record<Urgency, string> = {
  normal: "border-stone-200 bg-white",
  amber: "border-amber-500 bg-amber-50",
  red: "border-red-600 bg-red-50",
};

/** Ids of a ticket's controls, so the board can put focus back on them after a move. */
export const ticketControlId = (orderId: string, control: "next" | "cancel" | `delay-${number}`) => `kitchen-${orderId}-${control}`;

function LateMark({ urgency, words }: { urgency: Exclude<Urgency, "normal">; words: string }) {
  const tone = urgency === "red" ? "bg-red-700 text-white" : "bg-amber-200 text-amber-950";
  return (
    <span className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-bold ${tone}`} data-testid="urgency">
      {/* A clock with an exclamation: the words beside it carry the meaning. */}
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
        <circle cx="10" cy="10" r="7.5" />
        <path d="M10 5.5v5" strokeLinecap="round" />
        <circle cx="10" cy="14" r="0.5" fill="currentColor" />
      </svg>
      {words}
    </span>
  );
}

type Props = {
  ticket: KitchenTicket;
  now: number;
  busy: boolean;
  onNext: () => void;
  onCancel: () => void;
  onDelay: (minutes: number) => void;
  /** Who carries it and the choice of rider (product.md §12). */
  dispatch?: ReactNode;
};

export function KitchenTicketCard({ ticket, now, busy, onNext, onCancel, onDelay, dispatch }: Props) {
  const minutes = minutesSince(ticket.placedAt, now);
  const { urgency, words } = promiseStanding(ticket.promisedBy, now);
  const step = nextStep(ticket.status);
  const headingId = `kitchen-${ticket.id}-heading`;
  const order = <span className="sr-only"> order #{ticket.code}</span>;

  return (
    <article
      aria-labelledby={headingId}
      data-urgency={urgency}
      className={`flex flex-col gap-3 rounded-2xl border-2 p-4 shadow-sm ${LOOKS[urgency]}`}
    >
      <header className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="text-xl font-extrabold tracking-wide">
            #{ticket.code}
          </h3>
          <p className="font-semibold break-words text-stone-800">{ticket.customer}</p>
          {/* Phone, address and history, for when the pass needs to call the customer. */}
          <Link href={`/admin/orders/${ticket.id}`} className="inline-block py-1 text-sm font-semibold text-brand-800 underline">
            Details<span className="sr-only"> of order #{ticket.code}</span>
          </Link>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <p className="text-2xl font-extrabold tabular-nums" data-testid="ticket-age">
            <span className="sr-only">Placed </span>
            <time dateTime={ticket.placedAt}>{minutes} min</time>
            <span className="sr-only"> ago</span>
          </p>
          <p className="text-base font-bold" data-testid="ticket-promise">
            <span className="sr-only">Promised </span>
            <time dateTime={ticket.promisedBy} suppressHydrationWarning>
              {promiseText(ticket.promisedBy)}
            </time>
          </p>
          {urgency !== "normal" && words && <LateMark urgency={urgency} words={words} />}
        </div>
      </header>

      <div>
        <StatusBadge status={ticket.status} />
      </div>

      <ul className="space-y-2 border-t border-stone-200 pt-3" aria-label={`Items for #${ticket.code}`}>
        {ticket.lines.map((line, i) => (
          <li key={i}>
            <p className="text-lg leading-snug font-bold">{`${line.quantity} × ${line.name}`}</p>
            <p className="text-sm text-stone-700">{portionLabel(line.portion)}</p>
            {line.options.length > 0 && <p className="text-sm text-stone-800">{lineOptionsText(line.options)}</p>}
            {line.note && <p className="text-sm font-semibold text-stone-900 italic">Note: {line.note}</p>}
          </li>
        ))}
      </ul>

      {dispatch && <div className="border-t border-stone-200 pt-3">{dispatch}</div>}

      <div className="mt-auto flex flex-wrap gap-2">
        <Button id={ticketControlId(ticket.id, "next")} size="lg" className="min-h-14 flex-1 text-lg" disabled={busy} onClick={onNext}>
          {step.label}
          {order}
        </Button>
        {canCancel(ticket.status) && (
          <Button
            id={ticketControlId(ticket.id, "cancel")}
            variant="secondary"
            size="lg"
            className="min-h-14"
            disabled={busy}
            onClick={onCancel}
          >
            Cancel
            {order}
          </Button>
        )}
      </div>
      {/* Running late: the promise moves, and the customer hears of it at once. */}
      <div className="flex flex-wrap items-center gap-2 border-t border-stone-200 pt-3">
        <span className="text-sm font-semibold text-stone-700">Running late?</span>
        {KITCHEN_DELAYS.map((delay) => (
          <Button
            key={delay}
            id={ticketControlId(ticket.id, `delay-${delay}`)}
            variant="secondary"
            className="min-h-11"
            disabled={busy}
            onClick={() => onDelay(delay)}
          >
            +{delay} min
            <span className="sr-only">
              : delay order #{ticket.code} by {delay} minutes
            </span>
          </Button>
        ))}
      </div>
    </article>
  );
}
