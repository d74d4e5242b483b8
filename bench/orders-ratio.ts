// `npm run bench:orders`: only the order row of `npm run bench`, repeated, for trying a change
// to the order path in a minute instead of five: POST /api/orders and the plain-pg baseline,
// interleaved BENCH_ROUNDS times (default 3) on one stack, each round's ratio and the median.
// Extra environment for the shop (e.g. MAIL_WORKER=off) passes through as it is.
import { config } from "./config";
import { describeMachine, machineLine } from "./machine";
import { drainMailQueue, pickLines, placeOneOrder, runOrderLoad, signIn } from "./orders";
import { plainPgOrders } from "./pg-baseline";
import { BenchError, requireBuild, startStack, stopOnSignal } from "./server";
import { shopCpuMs } from "./rss";

const say = (msg: string) => console.error(`[orders] ${msg}`);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3) || 3);

async function main() {
  requireBuild();
  say(machineLine(await describeMachine()));
  const stack = await startStack();
  stopOnSignal(stack.stop);
  const ratios: number[] = [];
  try {
    const session = await signIn(stack.base);
    const lines = await pickLines(stack.base);
    await placeOneOrder(stack.base, session, lines);
    for (let round = 1; round <= ROUNDS; round++) {
      if (round === 1) await runOrderLoad(stack.base, session, lines, { seconds: config.warmupSeconds, warmUp: false });
      // Work left over from the last load (mails still being sent) is not this load's.
      const cpuBefore = shopCpuMs(stack.pid);
      const shop = await runOrderLoad(stack.base, session, lines, { warmUp: false });
      // The confirmation mails of these orders are sent after their replies: wait for the queue
      // to drain, so their CPU counts here and not against the plain-pg run.
      await drainMailQueue(stack.databaseUrl);
      const cpuPerOrder = (shopCpuMs(stack.pid) - cpuBefore) / (shop.rps * shop.seconds);
      const plain = await plainPgOrders(stack.databaseUrl, lines, { warmUp: round === 1 });
      const ratio = shop.rps / plain.ordersPerSecond;
      ratios.push(ratio);
      const errors = shop.non2xx + shop.errors + plain.errors;
      say(
        `round ${round}: shop ${Math.round(shop.rps)} orders/s (p99 ${Math.round(shop.p99Ms)} ms), plain pg ${Math.round(plain.ordersPerSecond)}/s, ratio ${ratio.toFixed(3)}, shop CPU ${cpuPerOrder.toFixed(2)} ms/order (mail included), errors ${errors}`,
      );
      for (const f of shop.failures) say(`  ${f.status}: ${f.body}`);
    }
  } finally {
    await stack.stop();
  }
  const median = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)];
  console.log(`POST /api/orders ÷ plain pg, median of ${ROUNDS} rounds of ${config.seconds} s: ${median.toFixed(3)} (target ≥ 0.2)`);
}

main().catch((error: unknown) => {
  console.error(error instanceof BenchError ? `[orders] ${error.message}` : error);
  process.exitCode = 1;
});
