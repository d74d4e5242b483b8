import type { Metadata } from "next";
import { requirePageRider } from "@/lib/auth/session";
import { riderHome } from "@/lib/riders/queries";
import { LiveRefresh } from "@/lib/realtime/live-refresh";
import { DutySwitch } from "@/components/riders/duty-switch";
import { RiderOrderCard } from "@/components/riders/rider-order-card";
import { EmptyState } from "@/components/ui/empty-state";

// The rider's page (product.md §12), for a phone held in one hand: the on-duty switch, then the
// orders given to them, oldest first. Rendered on the server; the switch and each card's steps
// are small client islands, and a live notice of one of their orders renders it again.

// Per rider (the session): rendered for each request, not prerendered.
export const instant = false;

export const metadata: Metadata = { title: "Your deliveries", robots: { index: false, follow: false } };

export default async function RiderPage() {
  const viewer = await requirePageRider("/rider");
  const home = await riderHome(viewer);
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Your deliveries</h1>
      {/* A rider hears only of the orders given to them (and one taken away). */}
      <LiveRefresh />
      {viewer.role === "rider" && <DutySwitch initial={home} />}
      <section aria-labelledby="rider-orders" className="space-y-3">
        <h2 id="rider-orders" className="text-lg font-bold">
          {home.orders.length === 0 ? "No orders for you right now" : `Orders to deliver (${home.orders.length})`}
        </h2>
        {home.orders.length === 0 ? (
          <EmptyState message="New orders the kitchen gives you appear here by themselves." />
        ) : (
          <ol className="space-y-3">
            {home.orders.map((order) => (
              <li key={order.id}>
                <RiderOrderCard order={order} />
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
