"use client";

import { useId } from "react";
import { PAYMENT_METHOD_DISPLAY, type PaymentMethodLabel } from "@/lib/orders/schema";
import { ChoicePanel } from "@/components/checkout/choice-panel";

type Props = {
  /** The methods the shop takes now (Cash on Delivery alone when it cannot take payments online). */
  methods: readonly PaymentMethodLabel[];
  value: PaymentMethodLabel;
  onChange: (method: PaymentMethodLabel) => void;
};

/** The payment methods as one radio group, the chosen one highlighted. */
export function PaymentMethodPicker({ methods, value, onChange }: Props) {
  const legendId = useId();
  const onlyCash = !methods.some((m) => m !== "Cash on Delivery");
  return (
    <ChoicePanel
      legendId={legendId}
      legend="Payment method"
      after={onlyCash && <p className="mt-2 text-sm text-stone-700">UPI and card payments are not available right now.</p>}
    >
      {methods.map((m) => (
        <label
          key={m}
          className="flex cursor-pointer items-center gap-3 rounded-lg border border-stone-300 px-3 py-2.5 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
        >
          <input
            type="radio"
            name="paymentMethod"
            value={m}
            checked={value === m}
            onChange={() => onChange(m)}
            className="h-4 w-4 accent-brand-700"
          />
          <span className="font-medium">{PAYMENT_METHOD_DISPLAY[m]}</span>
        </label>
      ))}
    </ChoicePanel>
  );
}
