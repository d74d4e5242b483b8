"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import type { OrderStatus } from "@/lib/orders/status";
import type { RiderSummary } from "@/lib/riders/types";
import { messageOf } from "@/lib/client/api-client";
import { riderCalls } from "@/components/riders/rider-calls";
import { Button } from "@/components/ui/button";
import { ErrorText } from "@/components/ui/field";

// Dispatch from the kitchen ticket and the admin's order page (product.md §12): the rider it is
// with, or `No rider yet` once it is being prepared, and a choice of riders, those on duty first;
// `Unassign` until the rider picks it up. The server decides: a refusal is shown in its words.

type Props = {
  order: { id: string; code: string; status: OrderStatus; rider: { id: string; name: string } | null };
  riders: RiderSummary[];
  /** After the server took the change; by default the page renders again. */
  onChanged?: () => void;
};

const PREPARED: readonly OrderStatus[] = ["preparing", "out_for_delivery"];

function riderWords(rider: RiderSummary): string {
  const load = rider.activeOrders > 0 ? `, ${rider.activeOrders} active` : "";
  return `${rider.name}${load}`;
}

function RiderGroup({ label, riders }: { label: string; riders: RiderSummary[] }) {
  if (riders.length === 0) return null;
  return (
    <optgroup label={label}>
      {riders.map((r) => (
        <option key={r.id} value={r.id}>
          {riderWords(r)}
        </option>
      ))}
    </optgroup>
  );
}

export function RiderPicker({ order, riders, onChanged }: Props) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const selectId = `rider-${order.id}`;
  const picked = order.status !== "out_for_delivery";

  async function assign(riderId: string | null) {
    setBusy(true);
    setError(undefined);
    try {
      await riderCalls.assign(order.id, riderId);
      if (onChanged) onChanged();
      else router.refresh();
    } catch (e) {
      setError(messageOf(e, "Could not change the rider. Please try again."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-2" data-testid="rider-picker">
      <p className="text-base font-semibold" data-testid="ticket-rider">
        {order.rider ? `Rider: ${order.rider.name}` : PREPARED.includes(order.status) ? "No rider yet" : null}
      </p>
      {picked && (
        <div className="flex flex-wrap items-end gap-2">
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <label htmlFor={selectId} className="text-sm font-medium text-stone-800">
              Rider for #{order.code}
            </label>
            <select
              id={selectId}
              value={order.rider?.id ?? ""}
              disabled={busy}
              onChange={(e) => e.target.value && void assign(e.target.value)}
              aria-describedby={error ? `${selectId}-error` : undefined}
              className="min-h-11 w-full rounded-lg border border-stone-300 bg-white px-2 text-base"
            >
              <option value="" disabled={order.rider !== null}>
                Choose a rider
              </option>
              <RiderGroup label="On duty" riders={riders.filter((r) => r.onDuty)} />
              <RiderGroup label="Off duty" riders={riders.filter((r) => !r.onDuty)} />
            </select>
          </div>
          {order.rider && (
            <Button variant="secondary" className="min-h-11" disabled={busy} onClick={() => void assign(null)}>
              Unassign<span className="sr-only"> the rider of #{order.code}</span>
            </Button>
          )}
        </div>
      )}
      <ErrorText id={`${selectId}-error`}>{error}</ErrorText>
    </div>
  );
}
