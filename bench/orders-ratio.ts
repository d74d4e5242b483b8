// `npm run bench:orders`: only the order row of `npm run bench`, repeated, for trying a change
// to the order path in a minute instead of five: POST /api/orders and the plain-pg baseline,
// interleaved BENCH_ROUNDS times (default 3) on one stack, each round's ratio and the median.
// Extra environment for the shop (e.g. MAIL_WORKER=off) passes through as it is.
//
// BENCH_COMPARE_DIST=<another build dir> starts a second stack on that build (e.g. the code before
// a change, built with NEXT_DIST_DIR=.next-before) and alternates the two in every round (A, B, B,
// A, …), so both meet the same noise of a shared machine: compare their ratios and, above all,
// their CPU per order.
//
// BENCH_CEILING=1 measures instead what a route handler costs at the least (bench/ceiling.ts).
import { config, distDir } from "./config";
import { describeMachine, machineLine } from "./machine";
import { drainMailQueue, pickLines, placeOneOrder, runOrderLoad, signIn, type OrderLine, type Session } from "./orders";
import { plainPgOrders } from "./pg-baseline";
import { BenchError, requireBuild, startStack, stopOnSignal, type Stack } from "./server";
import { shopCpuMs } from "./rss";

const say = (msg: string) => console.error(`[orders] ${msg}`);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3) || 3);

type Shop = { name: string; stack: Stack; session: Session; lines: OrderLine[]; ratios: number[]; cpu: number[] };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function prepare(name: string, stack: Stack): Promise<Shop> {
  const session = await signIn(stack.base);
  const lines = await pickLines(stack.base);
  await placeOneOrder(stack.base, session, lines);
  await runOrderLoad(stack.base, session, lines, { seconds: config.warmupSeconds, warmUp: false });
  return { name, stack, session, lines, ratios: [], cpu: [] };
}

async function measure(shop: Shop, round: number): Promise<void> {
  const { stack, session, lines } = shop;
  // Work left over from the last load (mails still being sent) is not this load's.
  const cpuBefore = shopCpuMs(stack.pid);
  const result = await runOrderLoad(stack.base, session, lines, { warmUp: false });
  // The confirmation mails of these orders are sent after their replies: wait for the queue
  // to drain, so their CPU counts here and not against the plain-pg run.
  await drainMailQueue(stack.databaseUrl);
  const cpuPerOrder = (shopCpuMs(stack.pid) - cpuBefore) / (result.rps * result.seconds);
  const plain = await plainPgOrders(stack.databaseUrl, lines, { warmUp: round === 1 });
  const ratio = result.rps / plain.ordersPerSecond;
  shop.ratios.push(ratio);
  shop.cpu.push(cpuPerOrder);
  const errors = result.non2xx + result.errors + plain.errors;
  say(
    `round ${round}${shop.name ? ` ${shop.name}` : ""}: shop ${Math.round(result.rps)} orders/s (p99 ${Math.round(result.p99Ms)} ms), plain pg ${Math.round(plain.ordersPerSecond)}/s, ratio ${ratio.toFixed(3)}, shop CPU ${cpuPerOrder.toFixed(2)} ms/order (mail included), errors ${errors}`,
  );
  for (const f of result.failures) say(`  ${f.status}: ${f.body}`);
}

async function main() {
  if (process.env.BENCH_CEILING === "1") return (await import("./ceiling")).measureCeiling();
  requireBuild();
  say(machineLine(await describeMachine()));
  const compare = process.env.BENCH_COMPARE_DIST;
  const stops: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop();
  };
  stopOnSignal(stopAll);
  const shops: Shop[] = [];
  try {
    const a = await startStack();
    stops.push(a.stop);
    shops.push(await prepare(compare ? `A (${path(distDir())})` : "", a));
    if (compare) {
      const b = await startStack({ NEXT_DIST_DIR: compare });
      stops.push(b.stop);
      shops.push(await prepare(`B (${compare})`, b));
    }
    for (let round = 1; round <= ROUNDS; round++) {
      // ABBA order: neither build always runs first in a round.
      const order = round % 2 === 1 ? shops : [...shops].reverse();
      for (const shop of order) await measure(shop, round);
    }
  } finally {
    await stopAll();
  }
  for (const shop of shops) {
    console.log(
      `POST /api/orders ÷ plain pg${shop.name ? ` ${shop.name}` : ""}, median of ${ROUNDS} rounds of ${config.seconds} s: ${median(shop.ratios).toFixed(3)} (target ≥ 0.12); shop CPU ${median(shop.cpu).toFixed(2)} ms/order`,
    );
  }
}

function path(dir: string): string {
  return dir.slice(process.cwd().length + 1) || dir;
}

main().catch((error: unknown) => {
  console.error(error instanceof BenchError ? `[orders] ${error.message}` : error);
  process.exitCode = 1;
});
