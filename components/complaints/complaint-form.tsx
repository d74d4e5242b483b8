"use client";

import { useId, useState } from "react";
import { useRouter } from "next/navigation";
import { zodResolver } from "@hookform/resolvers/zod";
import { apiFetch } from "@/lib/client/api-client";
import { complaintSchema, DESCRIPTION_MAX, DESCRIPTION_MIN, type ComplaintInput, type NewComplaint } from "@/lib/complaints/schema";
import { CATEGORY_LABELS, COMPLAINT_CATEGORIES, type ComplaintReceipt } from "@/lib/complaints/types";
import { formatIndiaDate } from "@/lib/time";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ErrorText } from "@/components/ui/field";
import { FormControls } from "@/components/ui/form-controls";
import { useApiForm } from "@/components/ui/api-form";

type OrderChoice = { id: string; label: string };

type Props = {
  /** The customer's recent orders to choose from. */
  orders: OrderChoice[];
  /** The order the customer came from (Report a problem on /orders/[id]). */
  orderId: string | null;
};

const FIELDS = ["orderId", "category", "description"] as const;
const control =
  "w-full rounded-lg border bg-white px-3 py-2 text-base outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30";

/**
 * Reporting a problem (POST /api/complaints), checked with the API's own schema; the ticket
 * number and the date it will be resolved by are said once the shop has it.
 */
export function ComplaintForm({ orders, orderId }: Props) {
  const router = useRouter();
  const id = useId();
  const [done, setDone] = useState<ComplaintReceipt | null>(null);
  const {
    field,
    reset,
    formError,
    sendWith,
    formState: { errors, isSubmitting },
  } = useApiForm<ComplaintInput, NewComplaint>(
    { resolver: zodResolver(complaintSchema), defaultValues: { orderId: orderId ?? "", category: undefined, description: "" } },
    FIELDS,
  );

  const submit = sendWith(
    (values) => {
      setDone(null);
      return apiFetch<ComplaintReceipt>("POST", "/api/complaints", values);
    },
    (receipt) => {
      setDone(receipt);
      reset({ orderId: "", category: undefined, description: "" });
      router.refresh();
    },
  );

  const described = (name: string, error: unknown, hint = false) =>
    [error ? `${id}-${name}-error` : null, hint ? `${id}-${name}-hint` : null].filter(Boolean).join(" ") || undefined;

  return (
    <form onSubmit={submit} noValidate aria-label="Report a problem">
      <FormControls className="space-y-4">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-order`} className="text-sm font-medium text-stone-800">
            Order <span className="font-normal text-stone-500">(optional)</span>
          </label>
          <select
            id={`${id}-order`}
            className={`${control} ${errors.orderId ? "border-red-600" : "border-stone-300"}`}
            aria-invalid={errors.orderId ? true : undefined}
            aria-describedby={described("order", errors.orderId)}
            {...field("orderId")}
          >
            <option value="">Not about one order</option>
            {orders.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </select>
          <ErrorText id={`${id}-order-error`}>{errors.orderId?.message}</ErrorText>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-category`} className="text-sm font-medium text-stone-800">
            What went wrong?
          </label>
          <select
            id={`${id}-category`}
            required
            aria-required
            className={`${control} ${errors.category ? "border-red-600" : "border-stone-300"}`}
            aria-invalid={errors.category ? true : undefined}
            aria-describedby={described("category", errors.category)}
            {...field("category")}
          >
            <option value="">Choose one</option>
            {COMPLAINT_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {CATEGORY_LABELS[c]}
              </option>
            ))}
          </select>
          <ErrorText id={`${id}-category-error`}>{errors.category ? "Please choose what went wrong" : undefined}</ErrorText>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-description`} className="text-sm font-medium text-stone-800">
            Tell us what happened
          </label>
          <textarea
            id={`${id}-description`}
            rows={6}
            required
            aria-required
            minLength={DESCRIPTION_MIN}
            maxLength={DESCRIPTION_MAX}
            className={`${control} ${errors.description ? "border-red-600" : "border-stone-300"}`}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={described("description", errors.description, true)}
            {...field("description")}
          />
          <p id={`${id}-description-hint`} className="text-xs text-stone-500">
            {DESCRIPTION_MIN} to {DESCRIPTION_MAX} characters.
          </p>
          <ErrorText id={`${id}-description-error`}>{errors.description?.message}</ErrorText>
        </div>
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <Button type="submit" disabled={isSubmitting}>
          Send complaint
        </Button>
        <div role="status" className="text-sm text-green-800">
          {done
            ? `Thank you. Your ticket number is ${done.number}. We have mailed you an acknowledgement and will resolve it by ${formatIndiaDate(done.resolveBy)}.`
            : null}
        </div>
      </FormControls>
    </form>
  );
}
