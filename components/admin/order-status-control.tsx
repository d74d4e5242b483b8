"use client";

import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useRouter } from "next/navigation";
import { toast } from "@/components/ui/toast";
import { adminNextStatuses, statusLabel, type OrderStatus } from "@/lib/orders/status";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/admin/confirm-dialog";
import { api, settle } from "@/lib/client/api-client";

type Props = {
  orderId: string;
  orderRef: string;
  status: OrderStatus;
  /** For an order paid online: what cancelling it does with the money, asked to confirm first (product.md §10). */
  refundOnCancel?: string | null;
};

/**
 * Moves one order to one of the statuses the lifecycle allows next. The server checks the
 * move again (another admin may have changed the order meanwhile: 409), and the page reloads
 * its data either way so the table shows where the order stands. Cancelling an order the
 * customer paid online refunds them, so that asks first and says so.
 */
export function OrderStatusControl({ orderId, orderRef, status, refundOnCancel = null }: Props) {
  const router = useRouter();
  const next = adminNextStatuses(status);
  const [asking, setAsking] = useState(false);
  // The dialog is rendered from the first time it is needed, then kept, so closing it (not
  // unmounting it) gives the focus back to where it was.
  const [asked, setAsked] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<{ status: OrderStatus | "" }>({ defaultValues: { status: next[0] ?? "" } });
  const selectId = useId();

  if (next.length === 0) return <span className="text-sm text-stone-600">No further changes</span>;

  async function move(to: OrderStatus) {
    const reply = await settle(api.setOrderStatus(orderId, to));
    if (reply.ok) toast.success(to === "cancelled" && refundOnCancel ? "Order cancelled; the refund has started" : "Order updated");
    else toast.error(reply.error.message);
    router.refresh();
  }

  const submit = handleSubmit(async ({ status }) => {
    if (!status) return;
    if (status === "cancelled" && refundOnCancel) {
      setAsked(true);
      setAsking(true);
    } else await move(status);
  });

  return (
    <form onSubmit={submit} className="flex items-end gap-2">
      <div className="flex flex-col gap-1">
        <label htmlFor={selectId} className="text-xs font-medium text-stone-700">
          Change status<span className="sr-only"> of order #{orderRef}</span>
        </label>
        <select id={selectId} {...register("status")} className="rounded-lg border border-stone-300 bg-white px-2 py-1.5 text-sm">
          {next.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="secondary" size="sm" disabled={isSubmitting}>
        Update<span className="sr-only"> order #{orderRef}</span>
      </Button>
      {/* Not in the HTML until asked for: a list of orders would send a dialog per paid order. */}
      {refundOnCancel && asked && (
        <ConfirmDialog
          open={asking}
          title={`Cancel order #${orderRef} and refund it?`}
          confirmLabel="Cancel and refund"
          cancelLabel="Keep the order"
          onConfirm={() => {
            setAsking(false);
            void move("cancelled");
          }}
          onCancel={() => setAsking(false)}
        >
          <p>{refundOnCancel}</p>
        </ConfirmDialog>
      )}
    </form>
  );
}
