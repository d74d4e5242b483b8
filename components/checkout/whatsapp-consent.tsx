"use client";

import { CheckoutCard } from "@/components/checkout/checkout-card";

/**
 * `Send me order updates on WhatsApp` (product.md §14): off until the customer ticks it, shown
 * only where the shop sends WhatsApp messages. Ticked, the order stores the consent and its time.
 */
export function WhatsAppConsent({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <CheckoutCard id="order-updates" title="Order updates">
      <label className="mt-2 inline-flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium">
        <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} className="h-5 w-5 accent-brand-700" />
        Send me order updates on WhatsApp
      </label>
      <p className="text-xs text-stone-600">To the phone number of the delivery address. Reply STOP on WhatsApp to end them.</p>
    </CheckoutCard>
  );
}
