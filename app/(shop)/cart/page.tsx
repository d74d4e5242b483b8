import type { Metadata } from "next";
import { requirePageUser } from "@/lib/auth/session";
import { knownDeliveryTerms } from "@/lib/cart/known-terms";
import { CartView } from "@/components/cart/cart-view";
import { chargeTermsOf } from "@/components/cart/charges";
import { cachedBusiness } from "@/lib/billing/business";

// Per visitor (the session, the address's token or query): rendered for each request, not prerendered.
export const instant = false;

export const metadata: Metadata = { title: "Your cart" };

export default async function CartPage() {
  const user = await requirePageUser("/cart");
  // Both read at once; the business details are cached until an admin saves them.
  const [known, business] = await Promise.all([knownDeliveryTerms(user.id), cachedBusiness()]);
  return (
    <>
      <h1 className="text-2xl font-bold sm:text-3xl">Your cart</h1>
      {/* Server-rendered, so the page's main text paints at once; the lines below need the script. */}
      <p className="mt-1 mb-4 max-w-2xl text-stone-600">
        Your bowls stay in this browser until you place the order. At checkout you choose as soon as possible or a delivery slot later, and
        see exactly when your bowls arrive.
      </p>
      {/* The cart lives in this browser, so its lines appear only once the page's script runs.
          Room kept for them up front keeps the footer still (no layout shift) when they do. */}
      <div className="min-h-[60svh]">
        <CartView known={known} charges={chargeTermsOf(business)} />
      </div>
    </>
  );
}
