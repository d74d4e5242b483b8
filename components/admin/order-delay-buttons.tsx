"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { toast } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import { api, settle } from "@/lib/client/api-client";
import { formatIndiaTime } from "@/lib/time";
import { KITCHEN_DELAYS } from "@/lib/orders/delay-rules";

/**
 * Running late, from the admin's order page (product.md §9): the same `+10 min` / `+20 min` as
 * the kitchen ticket, through PATCH {delayMinutes}; the page reads itself again either way.
 */
export function OrderDelayButtons({ orderId, orderRef }: { orderId: string; orderRef: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  async function delay(minutes: number) {
    setBusy(true);
    const reply = await settle(api.delayOrder(orderId, minutes));
    setBusy(false);
    if (reply.ok) toast.success(`Order #${orderRef} now due by ${formatIndiaTime(reply.data.promisedBy)}; the customer is told`);
    else toast.error(reply.error.message);
    router.refresh();
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="text-sm font-semibold text-stone-700">Running late?</span>
      {KITCHEN_DELAYS.map((minutes) => (
        <Button key={minutes} variant="secondary" size="sm" disabled={busy} onClick={() => void delay(minutes)}>
          +{minutes} min
          <span className="sr-only">
            : delay order #{orderRef} by {minutes} minutes
          </span>
        </Button>
      ))}
    </div>
  );
}
