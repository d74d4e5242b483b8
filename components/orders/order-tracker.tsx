"use client";

import { useState } from "react";
import { toast } from "@/components/ui/toast";
import type { ApiOrder, ApiOrderWithHistory, OrderHistoryEntry } from "@/lib/orders/types";
import { ORDER_FLOW, ownerCanCancel, statusLabel, type OrderStatus } from "@/lib/orders/status";
import { formatIndiaDateTime, formatIndiaTime } from "@/lib/time";
import { reachedAt } from "@/lib/orders/history";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Panel } from "@/components/ui/panel";
import { ApiError, api, messageOf } from "@/lib/client/api-client";
import { PaymentLine } from "@/components/orders/payment-line";

/**
 * The order's status and the time each step was reached. The page follows the order live
 * (LiveRefresh re-renders it on the order's events and starts this afresh, keyed by updatedAt),
 * so nothing polls here; the owner may cancel while it is pending.
 */
export function OrderTracker({ initial, isOwner }: { initial: ApiOrderWithHistory; isOwner: boolean }) {
  const [order, setOrder] = useState(initial);
  const [cancelError, setCancelError] = useState<string | null>(null);
  const id = order.id;
  // The reply to a cancellation is the order as it is now (with its history): taken over whole.
  const onChanged = (now: ApiOrder) => setOrder((before) => ({ ...before, ...now }));
  const cancelledAt = reachedAt(order.history, "cancelled");

  return (
    <Panel aria-labelledby="order-status">
      <h2 id="order-status" className="text-lg font-bold">
        Order status
      </h2>
      <p role="status" className="mt-1 text-sm text-stone-700">
        Current status: <strong data-testid="current-status">{statusLabel(order.status)}</strong>
      </p>
      {order.status === "cancelled" ? (
        <div className="mt-3">
          <Alert tone="error">
            This order was cancelled.
            {cancelledAt && (
              <>
                {" "}
                (<StepTime at={cancelledAt} />)
              </>
            )}
          </Alert>
        </div>
      ) : (
        <>
          {order.status === "awaiting_payment" && (
            <p className="mt-3 text-sm text-stone-800" data-testid="awaiting-payment">
              Waiting for payment: the kitchen starts on your order once it is paid.
            </p>
          )}
          <Timeline status={order.status} history={order.history} />
        </>
      )}
      {order.payment.refunds.length > 0 && <PaymentLine order={order} className="mt-3 text-sm font-medium text-stone-900" />}
      {cancelError && (
        <div className="mt-3">
          <Alert tone="error">{cancelError}</Alert>
        </div>
      )}
      {isOwner && ownerCanCancel(order.status) && <CancelOrder id={id} onChanged={onChanged} onError={setCancelError} />}
    </Panel>
  );
}

function StepTime({ at }: { at: string }) {
  // India time, formatted alike by the server and the browser (a fixed zone and locale).
  return (
    <time dateTime={at} title={formatIndiaDateTime(at)} suppressHydrationWarning>
      {formatIndiaTime(at)}
    </time>
  );
}

function Timeline({ status, history }: { status: OrderStatus; history: OrderHistoryEntry[] }) {
  const at = (ORDER_FLOW as readonly OrderStatus[]).indexOf(status);
  return (
    <ol aria-label="Order progress" className="mt-4 grid gap-3 sm:grid-cols-5 sm:gap-2">
      {ORDER_FLOW.map((step, i) => {
        const state = i < at ? "done" : i === at ? "current" : "upcoming";
        const time = state === "upcoming" ? undefined : reachedAt(history, step);
        return (
          <li
            key={step}
            aria-current={state === "current" ? "step" : undefined}
            data-state={state}
            className="flex items-center gap-2 sm:flex-col sm:text-center"
          >
            <span
              aria-hidden="true"
              className={`inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-bold ${
                state === "done"
                  ? "border-brand-700 bg-brand-700 text-white"
                  : state === "current"
                    ? "border-brand-700 bg-white text-brand-800"
                    : "border-stone-300 bg-white text-stone-400"
              }`}
            >
              {state === "done" ? "✓" : i + 1}
            </span>
            <span className={`text-sm ${state === "upcoming" ? "text-stone-500" : "font-semibold text-stone-900"}`}>
              {statusLabel(step)}
              <span className="sr-only">{state === "done" ? " (done)" : state === "current" ? " (current)" : ""}</span>
              {time && (
                <span className="block text-xs font-normal text-stone-600" data-testid={`step-time-${step}`}>
                  <StepTime at={time} />
                </span>
              )}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

const CANCEL_FAILED = "Could not cancel the order. Please try again.";

async function refreshAfterRefusal(id: string, onChanged: (order: ApiOrder) => void, onError: (message: string | null) => void) {
  try {
    onChanged(await api.order(id));
  } catch (error) {
    if (!(error instanceof ApiError) || error.status === 0) onError(CANCEL_FAILED);
  }
}

function CancelOrder({
  id,
  onChanged,
  onError,
}: {
  id: string;
  onChanged: (order: ApiOrder) => void;
  onError: (message: string | null) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  async function cancel() {
    setBusy(true);
    onError(null);
    try {
      onChanged(await api.setOrderStatus(id, "cancelled"));
      toast.success("Order cancelled");
    } catch (error) {
      onError(messageOf(error, CANCEL_FAILED));
      // The kitchen may have confirmed it meanwhile: show where it stands now.
      if (error instanceof ApiError && error.status !== 0) await refreshAfterRefusal(id, onChanged, onError);
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  return (
    <div className="mt-4 border-t border-stone-100 pt-4">
      {confirming ? (
        <div role="group" aria-labelledby="cancel-question" className="flex flex-wrap items-center gap-2">
          <p id="cancel-question" className="w-full text-sm font-medium sm:w-auto">
            Cancel this order? This cannot be undone.
          </p>
          <Button variant="danger" onClick={cancel} disabled={busy}>
            Yes, cancel order
          </Button>
          <Button variant="secondary" onClick={() => setConfirming(false)} disabled={busy}>
            Keep order
          </Button>
        </div>
      ) : (
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          Cancel order
        </Button>
      )}
    </div>
  );
}
