"use client";

import { useBusyIds } from "@/components/kitchen/use-busy-ids";
import { toast } from "@/components/ui/toast";
import { api, settle } from "@/lib/client/api-client";
import type { OrderStatus } from "@/lib/orders/status";
import { movedMessage, type KitchenTicket } from "@/lib/orders/kitchen-rules";

// Moving tickets on from the display. The move goes through the same endpoint and domain
// function as every other status change (PATCH /api/orders/{id} → updateOrderStatus), so the
// lifecycle and who may do what are checked in one place. The display shows the move as soon
// as the server has accepted it, then reads that order again.

type Board = {
  moved: (ticket: KitchenTicket, to: OrderStatus) => void;
  reread: (id: string) => void;
};

export function useTicketMoves({ moved, reread }: Board) {
  const { busy, setBusyFor } = useBusyIds();

  /** Asks the server to move `ticket` to `to`; resolves with the status it now has, or null when refused. */
  async function move(ticket: KitchenTicket, to: OrderStatus): Promise<OrderStatus | null> {
    setBusyFor(ticket.id, true);
    const reply = await settle(api.setOrderStatus(ticket.id, to));
    setBusyFor(ticket.id, false);
    if (reply.ok) {
      moved(ticket, reply.data.status);
      toast.success(movedMessage(ticket.code, reply.data.status));
      return reply.data.status;
    }
    // Typically someone else moved or cancelled it meanwhile (409): a read shows where it stands.
    toast.error(reply.error.message);
    reread(ticket.id);
    return null;
  }

  return { busy, move };
}
