import type { Metadata } from "next";
import { currentUser, requirePageAdmin } from "@/lib/auth/session";
import { kitchenSnapshot } from "@/lib/orders/kitchen";
import { kitchenTitle, newOrderCount } from "@/lib/orders/kitchen-rules";
import { LiveRefresh } from "@/lib/realtime/live-refresh";
import { KitchenBoard } from "@/components/kitchen/kitchen-board";
import { SoundToggle } from "@/components/kitchen/sound-toggle";

// The kitchen display (product.md §7): every active order as a ticket, read on the server; the
// board ticks and moves tickets in the browser, and LiveRefresh reads the page again whenever an
// order is placed or moved anywhere.

export async function generateMetadata(): Promise<Metadata> {
  // The title counts the new orders, also after a live refresh; the page itself guards access.
  const viewer = await currentUser();
  const newOrders = viewer?.role === "admin" ? newOrderCount((await kitchenSnapshot(viewer)).tickets) : 0;
  return { title: { absolute: kitchenTitle(newOrders) } };
}

export default async function KitchenPage() {
  const admin = await requirePageAdmin("/admin/kitchen");
  const { tickets, readAt } = await kitchenSnapshot(admin);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold sm:text-3xl">Kitchen</h1>
        <SoundToggle />
      </div>
      <LiveRefresh />
      <KitchenBoard tickets={tickets} readAt={readAt} />
    </div>
  );
}
