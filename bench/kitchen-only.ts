// `npm run bench:kitchen`: only the kitchen row of `npm run bench`, on a stack of its own, for
// trying a change to the display in a minute instead of five. NEXT_DIST_DIR picks the build (e.g.
// the code before a change, built with NEXT_DIST_DIR=.next-before npm run build).
import { distDir } from "./config";
import { KITCHEN_ACTIVE_ORDERS, kitchenLatency } from "./kitchen";
import { describeMachine, machineLine } from "./machine";
import { pickLines, signIn } from "./orders";
import { BenchError, requireBuild, startStack, stopOnSignal } from "./server";

const say = (msg: string) => console.error(`[kitchen] ${msg}`);

async function main() {
  requireBuild();
  say(machineLine(await describeMachine()));
  say(`starting PostgreSQL and the shop (${distDir()}) …`);
  const stack = await startStack();
  stopOnSignal(stack.stop);
  try {
    const session = await signIn(stack.base);
    const lines = await pickLines(stack.base);
    say(`${KITCHEN_ACTIVE_ORDERS} active orders, the display open, orders placed one at a time …`);
    const r = await kitchenLatency(stack.base, stack.browserBase, stack.databaseUrl, session, lines);
    console.log(
      `order placed → ticket on /admin/kitchen with ${r.activeOrders} active orders: median ${Math.round(r.medianMs)} ms (runs ${r.placementsMs.map(Math.round).join("/")} ms), ${r.ticketsInPage} tickets in the page (target ≤ 1000 ms)`,
    );
  } finally {
    await stack.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof BenchError ? `[kitchen] ${error.message}` : error);
  process.exitCode = 1;
});
