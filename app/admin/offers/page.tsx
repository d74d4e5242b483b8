import type { Metadata } from "next";
import { requirePageAdmin } from "@/lib/auth/session";
import { listOffers } from "@/lib/offers/queries";
import { OffersManager } from "@/components/admin/offers/offers-manager";

// Per visitor (the session): rendered for each request, not prerendered.
export const instant = false;

export const metadata: Metadata = { title: "Offers" };

export default async function AdminOffersPage() {
  const admin = await requirePageAdmin("/admin/offers");
  const offers = await listOffers(admin);
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">Offers</h1>
        <p className="mt-1 text-sm text-stone-700">
          Coupon codes customers apply in the cart or at payment. Times are India time. A cancelled order gives its use back.
        </p>
      </div>
      <OffersManager offers={offers} />
    </div>
  );
}
