"use client";

import { useId, useState } from "react";
import { useRouter } from "next/navigation";
import { zodResolver } from "@hookform/resolvers/zod";
import { apiFetch } from "@/lib/client/api-client";
import type { ApiOrderWithHistory } from "@/lib/orders/types";
import { formatRupees } from "@/lib/money";
import { Field } from "@/components/ui/field";
import { leftToRefund } from "@/components/admin/payment/payment-words";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { refundRequestSchema, type RefundRequest as Values } from "@/lib/payments/refund-schema";
import { FormControls } from "@/components/ui/form-controls";
import { useApiForm } from "@/components/ui/api-form";

/** The schema's own limit, so the field stops where the server would. */
const REASON_MAX = refundRequestSchema.shape.reason.maxLength ?? undefined;

type Props = {
  orderId: string;
  /** What is left to refund, the amount offered. */
  left: number;
  /** How the money goes back: "to the customer's UPI through <the gateway>", or null for cash paid back by hand. */
  online: string | null;
};

/**
 * A refund after delivery (product.md §10: a complaint), whole or in part, with a reason
 * (POST /api/orders/{id}/refund), checked with the API's own schema. The most that is left is
 * the server's to say (it knows under the order's lock); what it refuses is shown at its field; once done the
 * page is read again, so the refunds list and what is left follow.
 */
export function RefundForm({ orderId, left, online }: Props) {
  const router = useRouter();
  const headingId = useId();
  const [done, setDone] = useState<string | null>(null);
  const {
    field,
    reset,
    formError,
    sendWith,
    formState: { errors, isSubmitting },
  } = useApiForm<Values>({ resolver: zodResolver(refundRequestSchema), defaultValues: { amount: left, reason: "" } }, ["amount", "reason"]);

  const submit = sendWith(
    (values) => {
      setDone(null);
      return apiFetch<{ success: true; order: ApiOrderWithHistory }>("POST", `/api/orders/${encodeURIComponent(orderId)}/refund`, values);
    },
    (reply, values) => {
      const words = online
        ? `Refund of ${formatRupees(values.amount)} started`
        : `${formatRupees(values.amount)} recorded as paid back in cash`;
      setDone(words);
      toast.success(words);
      // What is left now, from the order the server answered with; the page reads the list again.
      reset({ amount: leftToRefund(reply.order), reason: "" });
      router.refresh();
    },
  );

  return (
    <section aria-labelledby={headingId} className="mt-4 border-t border-stone-100 pt-4">
      <h3 id={headingId} className="font-bold">
        Refund
      </h3>
      <p className="mt-1 text-sm text-stone-700" data-testid="refund-way">
        {online ? `Refund ${online}.` : "Cash paid back to the customer: recorded here, no money moves online."} Up to {formatRupees(left)}{" "}
        is left to refund; the customer is mailed.
      </p>
      <form onSubmit={submit} noValidate className="mt-3">
        <FormControls className="space-y-3">
          <Field
            label="Amount (₹)"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            required
            error={errors.amount?.message}
            {...field("amount", { valueAsNumber: true })}
          />
          <Field label="Reason" maxLength={REASON_MAX} required error={errors.reason?.message} {...field("reason")} />
          {formError ? <Alert tone="error">{formError}</Alert> : null}
          <Button type="submit" variant="danger" disabled={isSubmitting}>
            Refund
          </Button>
          {/* Said once the refund is written; the list above shows it too. */}
          <p role="status" className="text-sm text-green-800">
            {done}
          </p>
        </FormControls>
      </form>
    </section>
  );
}
