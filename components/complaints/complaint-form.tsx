"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { zodResolver } from "@hookform/resolvers/zod";
import { apiFetch } from "@/lib/client/api-client";
import { complaintSchema, DESCRIPTION_MAX, DESCRIPTION_MIN, type ComplaintInput, type NewComplaint } from "@/lib/complaints/schema";
import { CATEGORY_LABELS, COMPLAINT_CATEGORIES, type ComplaintReceipt } from "@/lib/complaints/types";
import { formatIndiaDate } from "@/lib/time";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { SelectField, TextAreaField } from "@/components/ui/control-fields";
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

/**
 * Reporting a problem (POST /api/complaints), checked with the API's own schema; the ticket
 * number and the date it will be resolved by are said once the shop has it.
 */
export function ComplaintForm({ orders, orderId }: Props) {
  const router = useRouter();
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

  return (
    <form onSubmit={submit} noValidate aria-label="Report a problem">
      <FormControls className="space-y-4">
        <SelectField label="Order" required={false} error={errors.orderId?.message} {...field("orderId")}>
          <option value="">Not about one order</option>
          {orders.map((o) => (
            <option key={o.id} value={o.id}>
              {o.label}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="What went wrong?"
          required
          aria-required
          error={errors.category ? "Please choose what went wrong" : undefined}
          {...field("category")}
        >
          <option value="">Choose one</option>
          {COMPLAINT_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {CATEGORY_LABELS[c]}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label="Tell us what happened"
          rows={6}
          required
          aria-required
          minLength={DESCRIPTION_MIN}
          maxLength={DESCRIPTION_MAX}
          hint={`${DESCRIPTION_MIN} to ${DESCRIPTION_MAX} characters.`}
          error={errors.description?.message}
          {...field("description")}
        />
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
