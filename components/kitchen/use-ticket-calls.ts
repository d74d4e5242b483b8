"use client";

import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { api, settle } from "@/lib/client/api-client";
import { formatIndiaTime } from "@/lib/time";
import type { OrderStatus } from "@/lib/orders/status";
import { movedMessage, type KitchenTicket } from "@/lib/orders/kitchen-rules";

// The display's requests for a ticket, each through the same endpoint as every other change
// (PATCH /api/orders/{id}), so the lifecycle and who may do what are checked in one place:
// - moving it on (→ updateOrderStatus);
// - running late (product.md §9): `+10 min` and `+20 min` (→ delayOrder), which records it,
//   tells the customer's page and mails them.
// The ticket's buttons wait while its request is in flight. The change shows as soon as the
// server has accepted it, then the order is read again; a refusal is shown and the order read
// again, as it was typically moved, delivered or cancelled meanwhile (409).

type Board = {
  moved: (ticket: KitchenTicket, to: OrderStatus) => void;
  delayed: (id: string, promisedBy: string) => void;
  reread: (id: string) => void;
};

export function useTicketCalls({ moved, delayed, reread }: Board) {
  /** Which tickets have a request in flight, by order id. */
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const setBusyFor = (id: string, on: boolean) =>
    setBusy((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  /** Sends `request` for `ticket`; resolves with the server's answer, or null when refused. */
  async function send<T>(ticket: KitchenTicket, request: () => Promise<T>): Promise<T | null> {
    setBusyFor(ticket.id, true);
    const reply = await settle(request());
    setBusyFor(ticket.id, false);
    if (reply.ok) return reply.data;
    toast.error(reply.error.message);
    reread(ticket.id);
    return null;
  }

  /** Asks the server to move `ticket` to `to`; resolves with the status it now has, or null when refused. */
  async function move(ticket: KitchenTicket, to: OrderStatus): Promise<OrderStatus | null> {
    const order = await send(ticket, () => api.setOrderStatus(ticket.id, to));
    if (!order) return null;
    moved(ticket, order.status);
    toast.success(movedMessage(ticket.code, order.status));
    return order.status;
  }

  async function delay(ticket: KitchenTicket, minutes: number): Promise<void> {
    const order = await send(ticket, () => api.delayOrder(ticket.id, minutes));
    if (!order) return;
    delayed(ticket.id, order.promisedBy);
    toast.success(`Order #${ticket.code} now due by ${formatIndiaTime(order.promisedBy)}; the customer is told`);
  }

  return { busy, move, delay };
}
