import type { Metadata } from "next";
import { requirePageUser } from "@/lib/auth/session";
import { CheckoutSteps } from "@/components/checkout/checkout-steps";
import { PaymentStep } from "@/components/checkout/payment-step";
import { paymentOptions } from "@/components/checkout/payment-options";
import { chargeTermsOf } from "@/components/cart/charges";
import { cachedBusiness } from "@/lib/billing/business";
import { env } from "@/lib/env";

// Per visitor (the session, the address's token or query): rendered for each request, not prerendered.
export const instant = false;

export const metadata: Metadata = { title: "Payment", robots: { index: false, follow: false } };

export default async function CheckoutPaymentPage() {
  await requirePageUser("/checkout/payment");
  const charges = chargeTermsOf(await cachedBusiness());
  return (
    <>
      <CheckoutSteps current="payment" />
      <h1 className="mb-4 text-2xl font-bold sm:text-3xl">Delivery time and payment</h1>
      {/* Read per request (this page is per visitor): whether UPI and cards can be taken now. */}
      <PaymentStep options={paymentOptions()} charges={charges} whatsapp={env().whatsappEnabled} />
    </>
  );
}
