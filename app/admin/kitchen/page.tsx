import type { Metadata } from "next";
import { requirePageAdmin } from "@/lib/auth/session";
import { kitchenSnapshot } from "@/lib/orders/kitchen";
import { kitchenTitle } from "@/lib/orders/kitchen-rules";
import { LiveRefresh } from "@/lib/realtime/live-refresh";
import { KitchenBoard } from "@/components/kitchen/kitchen-board";
import { SoundToggle } from "@/components/kitchen/sound-toggle";

// The kitchen display (product.md §7): every active order as a ticket, read on the server; the
// board ticks and moves tickets in the browser, and LiveRefresh reads the page again whenever an
// order is placed or moved anywhere.

// Static, so Next puts it in the <head>: metadata read per request (generateMetadata) is streamed
// into the <body> for browsers, where a <title> is invalid. The board counts the new orders into
// the tab's title as soon as it runs, and again after every live refresh.
export const metadata: Metadata = { title: { absolute: kitchenTitle(0) } };

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
