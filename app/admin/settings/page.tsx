import type { Metadata } from "next";
import { requirePageAdmin } from "@/lib/auth/session";
import { storeState } from "@/lib/store/state";
import { listDeliveryAreas } from "@/lib/store/delivery-areas";
import { readBusiness } from "@/lib/billing/business";
import { StoreStatus } from "@/components/admin/settings/store-status";
import { StoreSettingsForm } from "@/components/admin/settings/store-settings-form";
import { DeliveryAreasForm } from "@/components/admin/settings/delivery-areas-form";
import { BusinessDetailsForm } from "@/components/admin/settings/business-details-form";

export const metadata: Metadata = { title: "Settings · Admin" };

// Where and when the shop delivers (product.md §9): the state now, read fresh for each request,
// then the forms of hours, closed dates and slots (PUT /api/store) and of the delivery areas
// (PUT /api/delivery-areas), and the business on the bills (PUT /api/store/business, §11), each
// saved on its own.
export default async function AdminSettingsPage() {
  await requirePageAdmin("/admin/settings");
  const now = new Date();
  const [state, areas, business] = await Promise.all([storeState(now), listDeliveryAreas(), readBusiness()]);
  const { hours, closedDates, slotMinutes, ordersPerSlot, prepMinutes, daysAhead } = state;

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">Settings</h1>
        <p className="mt-1 text-sm text-stone-700">
          Where and when the shop delivers, how many orders the kitchen takes, and the business on its bills. Every time is India time.
        </p>
      </div>
      <StoreStatus state={state} now={now} />
      <StoreSettingsForm settings={{ hours, closedDates, slotMinutes, ordersPerSlot, prepMinutes, daysAhead }} />
      <DeliveryAreasForm areas={areas} />
      <BusinessDetailsForm details={business} />
    </div>
  );
}
