import type { Metadata } from "next";
import { requirePageUser } from "@/lib/auth/session";
import { env } from "@/lib/env";
import { CartView } from "@/components/cart/cart-view";

export const metadata: Metadata = { title: "Your cart", robots: { index: false, follow: false } };

export default async function CartPage() {
  await requirePageUser("/cart");
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold sm:text-3xl">Your cart</h1>
      <CartView deliveryFee={env().DELIVERY_FEE} />
    </>
  );
}
