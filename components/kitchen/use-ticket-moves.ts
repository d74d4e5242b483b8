"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { toast } from "@/components/ui/toast";
import { api, settle } from "@/lib/api-client";
import type { OrderStatus } from "@/lib/orders/status";
import { furtherStatus, isActiveStatus, movedMessage, type KitchenTicket } from "@/lib/orders/kitchen-rules";

// Moving tickets on from the display. The move goes through the same endpoint and domain
// function as every other status change (PATCH /api/orders/{id} → updateOrderStatus), so the
// lifecycle and who may do what are checked in one place. The display shows the move as soon
// as the server has accepted it, then reads the page again to catch up with everything else.

export function useTicketMoves(tickets: readonly KitchenTicket[]) {
  const router = useRouter();
  /** Moves this display made that a fresh read may not show yet (the lifecycle never goes back, so the further status wins). */
  const [moved, setMoved] = useState<Record<string, OrderStatus>>({});
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());

  const shown = tickets.flatMap((ticket) => {
    const status = furtherStatus(ticket.status, moved[ticket.id] ?? ticket.status);
    return isActiveStatus(status) ? [{ ...ticket, status }] : [];
  });

  const setBusyFor = (id: string, on: boolean) =>
    setBusy((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  /** Asks the server to move `ticket` to `to`; resolves with the status it now has, or null when refused. */
  async function move(ticket: KitchenTicket, to: OrderStatus): Promise<OrderStatus | null> {
    setBusyFor(ticket.id, true);
    const reply = await settle(api.setOrderStatus(ticket.id, to));
    setBusyFor(ticket.id, false);
    if (reply.ok) {
      setMoved((current) => ({ ...current, [ticket.id]: reply.data.status }));
      toast.success(movedMessage(ticket.code, reply.data.status));
    } else {
      // Typically someone else moved or cancelled it meanwhile (409): the read below shows where it stands.
      toast.error(reply.error.message);
    }
    router.refresh();
    return reply.ok ? reply.data.status : null;
  }

  return { shown, busy, move };
}
