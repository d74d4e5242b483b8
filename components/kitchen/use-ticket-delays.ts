"use client";

import { useBusyIds } from "@/components/kitchen/use-busy-ids";
import { toast } from "@/components/ui/toast";
import { api, settle } from "@/lib/client/api-client";
import { formatIndiaTime } from "@/lib/time";
import type { KitchenTicket } from "@/lib/orders/kitchen-rules";

// Running late from the display (product.md §9): `+10 min` and `+20 min` go through the same
// endpoint as every other delay (PATCH /api/orders/{id} {delayMinutes} → delayOrder), which
// records it, tells the customer's page and mails them. The new promise shows as soon as the
// server has accepted it, then the order is read again.

type Board = {
  delayed: (id: string, promisedBy: string) => void;
  reread: (id: string) => void;
};

export function useTicketDelays({ delayed, reread }: Board) {
  const { busy, setBusyFor } = useBusyIds();

  async function delay(ticket: KitchenTicket, minutes: number): Promise<void> {
    setBusyFor(ticket.id, true);
    const reply = await settle(api.delayOrder(ticket.id, minutes));
    setBusyFor(ticket.id, false);
    if (reply.ok) {
      delayed(ticket.id, reply.data.promisedBy);
      toast.success(`Order #${ticket.code} now due by ${formatIndiaTime(reply.data.promisedBy)}; the customer is told`);
      return;
    }
    // Typically delivered or cancelled meanwhile (409): a read shows where it stands.
    toast.error(reply.error.message);
    reread(ticket.id);
  }

  return { busy, delay };
}
