import type { Metadata } from "next";
import { requirePageAdmin } from "@/lib/auth/session";
import { kitchenRead } from "@/lib/orders/kitchen";
import { kitchenTitle } from "@/lib/orders/kitchen-rules";
import { KitchenBoard } from "@/components/kitchen/kitchen-board";
import { SoundToggle } from "@/components/kitchen/sound-toggle";
import { PauseSwitch } from "@/components/kitchen/pause-switch";
import { storeState } from "@/lib/store/state";
import { listRiders } from "@/lib/riders/queries";

// The kitchen display (product.md §7): each column's oldest tickets and every column's count,
// the orders waiting for a later slot, and the store's state for the pause switch (§9), read on
// the server; the board ticks, moves and delays tickets and follows the live stream in the
// browser, reading only the orders a notice names.

// Static, so Next puts it in the <head>: metadata read per request (generateMetadata) is streamed
// into the <body> for browsers, where a <title> is invalid. The board counts the new orders into
// the tab's title as soon as it runs, and again whenever the count changes.
export const metadata: Metadata = { title: { absolute: kitchenTitle(0) } };

export default async function KitchenPage() {
  const admin = await requirePageAdmin("/admin/kitchen");
  const [read, store, riders] = await Promise.all([kitchenRead(admin, "board"), storeState(), listRiders(admin)]);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h1 className="text-2xl font-bold sm:text-3xl">Kitchen</h1>
        <div className="flex flex-wrap items-start justify-end gap-3">
          <PauseSwitch initial={store} />
          <SoundToggle />
        </div>
      </div>
      <KitchenBoard read={read} riders={riders} />
    </div>
  );
}
