import type { Metadata } from "next";
import { requirePageUser } from "@/lib/auth/session";
import { lastAddressOf } from "@/lib/orders/queries";
import { listAddresses } from "@/lib/addresses/queries";
import { CheckoutSteps } from "@/components/checkout/checkout-steps";
import { AddressForm } from "@/components/checkout/address-form";

// Per visitor (the session, the address's token or query): rendered for each request, not prerendered.
export const instant = false;

export const metadata: Metadata = { title: "Delivery address", robots: { index: false, follow: false } };

export default async function CheckoutAddressPage() {
  const user = await requirePageUser("/checkout/address");
  const [book, saved] = await Promise.all([listAddresses(user), lastAddressOf(user.id)]);
  return (
    <>
      <CheckoutSteps current="address" />
      <h1 className="mb-4 text-2xl font-bold sm:text-3xl">Delivery address</h1>
      <AddressForm book={book} saved={saved} fallbackName={user.name} />
    </>
  );
}
