// `npm run bench:kitchen`: only the kitchen row of `npm run bench`, on a stack of its own.
import { KITCHEN_ACTIVE_ORDERS, kitchenLatency } from "./kitchen";
import { benchOneRow } from "./one-row";

benchOneRow(
  "kitchen",
  `${KITCHEN_ACTIVE_ORDERS} active orders, the display open, orders placed one at a time`,
  async (stack, session, lines) => {
    const r = await kitchenLatency(stack.base, stack.browserBase, stack.databaseUrl, session, lines);
    return [
      `order placed → ticket on /admin/kitchen with ${r.activeOrders} active orders: median ${Math.round(r.medianMs)} ms (runs ${r.placementsMs.map(Math.round).join("/")} ms), ${r.ticketsInPage} tickets in the page (target ≤ 1000 ms)`,
    ];
  },
);
