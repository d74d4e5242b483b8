"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { apiFetch, settle } from "@/lib/client/api-client";
import type { ApiOrderWithHistory } from "@/lib/orders/types";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";

/** Sends a failed refund again (POST /api/orders/{id}/refunds/{refundId}/retry); the page is read again either way. */
export function RetryRefundButton({ orderId, refundId, amount }: { orderId: string; refundId: string; amount: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function retry() {
    setBusy(true);
    setError(null);
    const path = `/api/orders/${encodeURIComponent(orderId)}/refunds/${encodeURIComponent(refundId)}/retry`;
    const reply = await settle(apiFetch<{ success: true; order: ApiOrderWithHistory }>("POST", path));
    setBusy(false);
    if (reply.ok) toast.success(`Refund of ${amount} sent again`);
    else setError(reply.error.message);
    router.refresh();
  }

  return (
    <span className="inline-flex flex-col gap-1">
      <Button variant="secondary" size="sm" disabled={busy} onClick={() => void retry()}>
        Retry refund<span className="sr-only"> of {amount}</span>
      </Button>
      <span role="status" className="text-sm text-red-700">
        {error}
      </span>
    </span>
  );
}
