"use client";

import { useId, useState } from "react";
import { useRouter } from "next/navigation";
import { toast } from "@/components/ui/toast";
import { adminNextStatuses, statusLabel, type OrderStatus } from "@/lib/orders/status";
import { Button } from "@/components/ui/button";
import { api, settle } from "@/lib/api-client";

/**
 * Moves one order to one of the statuses the lifecycle allows next. The server checks the
 * move again (another admin may have changed the order meanwhile: 409), and the page reloads
 * its data either way so the table shows where the order stands.
 */
export function OrderStatusControl({ orderId, orderRef, status }: { orderId: string; orderRef: string; status: OrderStatus }) {
  const router = useRouter();
  const next = adminNextStatuses(status);
  const [choice, setChoice] = useState<OrderStatus | "">(next[0] ?? "");
  const [busy, setBusy] = useState(false);
  const selectId = useId();

  if (next.length === 0) return <span className="text-sm text-stone-600">No further changes</span>;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!choice || busy) return;
    setBusy(true);
    const reply = await settle(api.setOrderStatus(orderId, choice));
    if (reply.ok) toast.success("Order updated");
    else toast.error(reply.error.message);
    setBusy(false);
    router.refresh();
  }

  return (
    <form onSubmit={submit} className="flex items-end gap-2">
      <div className="flex flex-col gap-1">
        <label htmlFor={selectId} className="text-xs font-medium text-stone-700">
          Change status<span className="sr-only"> of order #{orderRef}</span>
        </label>
        <select
          id={selectId}
          value={choice}
          onChange={(e) => setChoice(e.target.value as OrderStatus)}
          className="rounded-lg border border-stone-300 bg-white px-2 py-1.5 text-sm"
        >
          {next.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="secondary" size="sm" disabled={busy}>
        Update<span className="sr-only"> order #{orderRef}</span>
      </Button>
    </form>
  );
}
