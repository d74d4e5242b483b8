"use client";

import { useEffect, useRef, useState } from "react";
import { ConfirmDialog } from "@/components/admin/confirm-dialog";
import { KitchenTicketCard, ticketControlId } from "@/components/kitchen/kitchen-ticket";
import { useClock } from "@/components/kitchen/use-clock";
import { useKitchenFeed } from "@/components/kitchen/use-kitchen-feed";
import { columnTickets } from "@/lib/orders/kitchen-board";
import { useNewOrderAlerts } from "@/components/kitchen/use-new-order-alerts";
import { useTicketCalls } from "@/components/kitchen/use-ticket-calls";
import { useDueLater } from "@/components/kitchen/use-due-later";
import { LaterList } from "@/components/kitchen/later-list";
import { RiderPicker } from "@/components/riders/rider-picker";
import { useLiveRiders } from "@/components/riders/use-live-riders";
import type { RiderSummary } from "@/lib/riders/types";
import type { OrderStatus } from "@/lib/orders/status";
import {
  isActiveStatus,
  KITCHEN_COLUMNS,
  kitchenTitle,
  moreText,
  nextStep,
  type KitchenRead,
  type KitchenTicket,
} from "@/lib/orders/kitchen-rules";

// The kitchen display's live part (product.md §7): three columns of tickets that tick every
// minute, move on with one tap, and keep the tab's title counting the new orders, and below them
// the scheduled orders waiting for their slot (`Later`). Each column shows its oldest tickets and
// counts the rest; live notices update the board one order at a time (use-kitchen-feed.ts),
// never by rendering the whole page again.

const columnHeadingId = (key: string) => `kitchen-${key}-heading`;

/**
 * One element to focus after the next render: a ticket's control, or a column's heading once its
 * ticket left; `orElse` when the first is not there (the ticket moved behind a full column's last).
 */
type FocusRequest = { elementId: string; orElse?: string };

export function KitchenBoard({ read, riders: ridersRead }: { read: KitchenRead; riders: RiderSummary[] }) {
  const now = useClock(read.readAt);
  const announce = useNewOrderAlerts();
  const { riders, reread: rereadRiders } = useLiveRiders(ridersRead);
  // Who is on duty and how many orders each carries follow the riders' and the orders' notices.
  const feed = useKitchenFeed(read, announce, (event) => event.type !== "menu" && rereadRiders());
  const { busy, move, delay } = useTicketCalls(feed);
  const [cancelling, setCancelling] = useState<KitchenTicket | null>(null);
  const [focus, setFocus] = useState<FocusRequest | null>(null);
  const { board } = feed;
  const newCount = board.counts.new;
  useDueLater(board, now, feed.resync);

  // Also after every change of the board: the page's static metadata may put its own title back.
  useEffect(() => {
    document.title = kitchenTitle(newCount);
  }, [newCount, board]);

  const root = useRef<HTMLDivElement>(null);
  // After this render's children (the dialog closing, a ticket moving columns), so focus lands
  // last; only when it is lost or still on the board, never taken from where someone moved on to.
  useEffect(() => {
    const active = document.activeElement;
    const free = !active || active === document.body || root.current?.contains(active);
    if (focus && free) (document.getElementById(focus.elementId) ?? document.getElementById(focus.orElse ?? ""))?.focus();
  }, [focus]);

  /**
   * Where focus goes after asking to move `ticket` on: its next button (wherever it moved; back on
   * it after a refusal, as the button was disabled meanwhile), or its old column's heading once it
   * left the display.
   */
  function focusAfterMove(ticket: KitchenTicket, to: OrderStatus | null) {
    const column = KITCHEN_COLUMNS.find((c) => c.statuses.includes(ticket.status))!;
    const stays = to === null || isActiveStatus(to);
    const heading = columnHeadingId(column.key);
    setFocus(stays ? { elementId: ticketControlId(ticket.id, "next"), orElse: heading } : { elementId: heading });
  }

  async function moveOn(ticket: KitchenTicket) {
    const to = await move(ticket, nextStep(ticket.status).to);
    focusAfterMove(ticket, to);
  }

  async function confirmCancel() {
    if (!cancelling) return;
    const ticket = cancelling;
    const to = await move(ticket, "cancelled");
    setCancelling(null);
    focusAfterMove(ticket, to);
  }

  const columns = KITCHEN_COLUMNS.map((column) => ({ column, tickets: columnTickets(board, column.key), count: board.counts[column.key] }));

  return (
    <div ref={root} className="space-y-4">
      {/* On a phone the columns stack: these jump to each, with its count. */}
      <nav aria-label="Kitchen columns" className="md:hidden">
        <ul className="grid grid-cols-3 gap-2">
          {columns.map(({ column, count }) => (
            <li key={column.key}>
              <a
                href={`#kitchen-${column.key}`}
                className="flex min-h-11 items-center justify-center gap-1.5 rounded-xl border border-stone-300 bg-white px-2 py-1 text-center text-sm leading-tight font-semibold"
              >
                {column.title}
                <span className="rounded-full bg-stone-900 px-2 text-xs text-white">{count}</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <div className="grid gap-4 md:grid-cols-3 md:items-start">
        {columns.map(({ column, tickets: list, count }) => (
          <section
            key={column.key}
            id={`kitchen-${column.key}`}
            aria-labelledby={columnHeadingId(column.key)}
            className="scroll-mt-4 rounded-2xl bg-stone-100 p-3"
          >
            <div className="mb-3 flex items-center justify-between gap-2 px-1">
              <h2 id={columnHeadingId(column.key)} tabIndex={-1} className="text-lg font-bold">
                {column.title}
              </h2>
              <span className="rounded-full bg-stone-900 px-2.5 py-0.5 text-sm font-bold text-white" data-testid={`count-${column.key}`}>
                {count}
                <span className="sr-only">{count === 1 ? " order" : " orders"}</span>
              </span>
            </div>
            {list.length === 0 ? (
              count === 0 && (
                <p className="rounded-xl border border-dashed border-stone-300 px-3 py-6 text-center text-stone-600">No orders</p>
              )
            ) : (
              <ol className="flex flex-col gap-3">
                {list.map((ticket) => (
                  <li key={ticket.id}>
                    <KitchenTicketCard
                      ticket={ticket}
                      now={now}
                      busy={busy.has(ticket.id)}
                      onNext={() => void moveOn(ticket)}
                      onCancel={() => setCancelling(ticket)}
                      onDelay={(minutes) => void delay(ticket, minutes)}
                      dispatch={<RiderPicker order={ticket} riders={riders} onChanged={() => feed.reread(ticket.id)} />}
                    />
                  </li>
                ))}
              </ol>
            )}
            {count > list.length && (
              <p
                className="mt-3 rounded-xl border border-stone-300 bg-white px-3 py-3 text-center font-semibold text-stone-800"
                data-testid={`more-${column.key}`}
              >
                {moreText(count - list.length)}
                <span className="sr-only"> orders waiting behind these</span>
              </p>
            )}
          </section>
        ))}
      </div>

      <LaterList later={board.later} prepMinutes={board.prepMinutes} />

      <ConfirmDialog
        open={cancelling !== null}
        title={cancelling ? `Cancel order #${cancelling.code}?` : "Cancel order?"}
        confirmLabel="Cancel order"
        cancelLabel="Keep order"
        busy={cancelling !== null && busy.has(cancelling.id)}
        onConfirm={() => void confirmCancel()}
        onCancel={() => {
          if (cancelling) setFocus({ elementId: ticketControlId(cancelling.id, "cancel") });
          setCancelling(null);
        }}
      >
        {cancelling && <p>{cancelling.customer}&apos;s order will be cancelled and leave the display. This cannot be undone.</p>}
      </ConfirmDialog>
    </div>
  );
}
