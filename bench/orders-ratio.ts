// `npm run bench:orders`: only the order rows of `npm run bench`, repeated, for trying a change
// to the order path in two minutes instead of five: ASAP orders, the plain-pg baseline, then
// orders spread over scheduled slots, interleaved BENCH_ROUNDS times (default 3) on one stack
// that runs as a real shop does (bench/server.ts), each round's ratios and their medians.
// Extra environment for the shop (e.g. MAIL_WORKER=off) passes through as it is.
//
// BENCH_COMPARE_DIST=<another build dir> starts a second stack on that build (e.g. the code before
// a change, built with NEXT_DIST_DIR=.next-before) and alternates the two in every round (A, B, B,
// A, …), so both meet the same noise of a shared machine: compare their ratios and, above all,
// their CPU per order.
//
// BENCH_CEILING=1 measures instead what a route handler costs at the least (bench/ceiling.ts).
import os from "node:os";
import { config, distDir } from "./config";
import { describeMachine, machineLine } from "./machine";
import {
  benchCoupon,
  drainMailQueue,
  pickLines,
  placeOneOrder,
  runOrderLoad,
  schedulableSlots,
  signIn,
  takeMails,
  type OrderLine,
  type Session,
} from "./orders";
import { plainPgOrders } from "./pg-baseline";
import { BenchError, requireBuild, startStack, stopOnSignal, type Stack } from "./server";
import { shopCpuMs } from "./rss";
import { statementCounter, type StatementCount, type StatementCounter } from "./statements";

const say = (msg: string) => console.error(`[orders] ${msg}`);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3) || 3);

type Kind = "asap" | "scheduled";
type Figures = { ratios: number[]; p99: number[]; cpu: number[]; statements: number[]; last?: StatementCount };
type Shop = {
  name: string;
  stack: Stack;
  statements: StatementCounter;
  session: Session;
  lines: OrderLine[];
  slots: string[];
  couponCode: string;
  figures: Record<Kind | "coupon", Figures>;
};

const KINDS: Kind[] = ["asap", "scheduled"];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function prepare(name: string, stack: Stack): Promise<Shop> {
  const statements = await statementCounter(stack.databaseUrl);
  const session = await signIn(stack.base);
  const lines = await pickLines(stack.base);
  await placeOneOrder(stack.base, session, lines);
  const slots = await schedulableSlots(stack.base);
  const couponCode = await benchCoupon(stack.base, session);
  await runOrderLoad(stack.base, session, lines, { seconds: config.warmupSeconds, warmUp: false });
  await runOrderLoad(stack.base, session, lines, { seconds: config.warmupSeconds, warmUp: false, slots });
  await drainMailQueue(stack.databaseUrl);
  takeMails(stack.mail);
  const figures = () => ({ ratios: [], p99: [], cpu: [], statements: [] });
  return {
    name,
    stack,
    statements,
    session,
    lines,
    slots,
    couponCode,
    figures: { asap: figures(), scheduled: figures(), coupon: figures() },
  };
}

async function orderLoad(shop: Shop, kind: Kind | "coupon") {
  const { stack, session, lines } = shop;
  await shop.statements.reset();
  const cpuBefore = shopCpuMs(stack.pid);
  const result = await runOrderLoad(stack.base, session, lines, {
    warmUp: false,
    slots: kind === "scheduled" ? shop.slots : undefined,
    couponCode: kind === "coupon" ? shop.couponCode : undefined,
  });
  // The confirmation mails of these orders are sent after their replies: wait for the queue
  // to drain, so their CPU counts here and not against the next run.
  await drainMailQueue(stack.databaseUrl);
  const orders = result.rps * result.seconds;
  const cpuPerOrder = (shopCpuMs(stack.pid) - cpuBefore) / orders;
  return { result, mails: takeMails(stack.mail), cpuPerOrder, statements: await shop.statements.count() };
}

/** One round: ASAP orders, the plain-pg baseline, scheduled orders; both ratios to that baseline. */
async function measure(shop: Shop, round: number): Promise<void> {
  const asap = await orderLoad(shop, "asap");
  // Beside the same load without a code (issue 33: at least 0.9 of its rate).
  const coupon = await orderLoad(shop, "coupon");
  const couponRatio = coupon.result.rps / asap.result.rps;
  shop.figures.coupon.ratios.push(couponRatio);
  shop.figures.coupon.p99.push(coupon.result.p99Ms);
  shop.figures.coupon.cpu.push(coupon.cpuPerOrder);
  shop.figures.coupon.statements.push(coupon.statements.perOrder);
  say(
    `round ${round}${shop.name ? ` ${shop.name}` : ""} coupon: ${Math.round(coupon.result.rps)} orders/s (p99 ${Math.round(coupon.result.p99Ms)} ms), ${couponRatio.toFixed(3)} of ASAP without, CPU ${coupon.cpuPerOrder.toFixed(2)} ms/order, ${coupon.statements.perOrder.toFixed(2)} statements/order, errors ${coupon.result.non2xx + coupon.result.errors}`,
  );
  for (const failure of coupon.result.failures) say(`  ${failure.status}: ${failure.body}`);
  const plain = await plainPgOrders(shop.stack.databaseUrl, shop.lines, { warmUp: round === 1 });
  const scheduled = await orderLoad(shop, "scheduled");
  for (const [kind, { result, mails, cpuPerOrder, statements }] of [
    ["asap", asap],
    ["scheduled", scheduled],
  ] as const) {
    const ratio = result.rps / plain.ordersPerSecond;
    const f = shop.figures[kind];
    f.ratios.push(ratio);
    f.p99.push(result.p99Ms);
    f.cpu.push(cpuPerOrder);
    f.statements.push(statements.perOrder);
    f.last = statements;
    const errors = result.non2xx + result.errors + plain.errors;
    say(
      `round ${round}${shop.name ? ` ${shop.name}` : ""} ${kind}: shop ${Math.round(result.rps)} orders/s (p99 ${Math.round(result.p99Ms)} ms), plain pg ${Math.round(plain.ordersPerSecond)}/s, ratio ${ratio.toFixed(3)}, shop CPU ${cpuPerOrder.toFixed(2)} ms/order (mail included), ${statements.perOrder.toFixed(2)} statements/order, ${mails} mails, errors ${errors}`,
    );
    for (const failure of result.failures) say(`  ${failure.status}: ${failure.body}`);
  }
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
    stops.push(() => shops[0]?.statements.close());
    shops.push(await prepare(compare ? `A (${path(distDir())})` : "", a));
    if (compare) {
      const b = await startStack({ NEXT_DIST_DIR: compare });
      stops.push(b.stop);
      stops.push(() => shops[1]?.statements.close());
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
  say(`load at the end ${machineLoad()}`);
  for (const shop of shops) {
    const c = shop.figures.coupon;
    console.log(
      `POST /api/orders with a coupon ÷ without${shop.name ? ` ${shop.name}` : ""}, median of ${ROUNDS} rounds: ${median(c.ratios).toFixed(3)} (target ≥ 0.9), p99 ${Math.round(median(c.p99))} ms (target ≤ 150); shop CPU ${median(c.cpu).toFixed(2)} ms/order`,
    );
    for (const kind of KINDS) {
      const f = shop.figures[kind];
      console.log(
        `POST /api/orders ${kind} ÷ plain pg${shop.name ? ` ${shop.name}` : ""}, median of ${ROUNDS} rounds of ${config.seconds} s: ${median(f.ratios).toFixed(3)} (target ≥ 0.12), p99 ${Math.round(median(f.p99))} ms (target ≤ 150); shop CPU ${median(f.cpu).toFixed(2)} ms/order; ${median(f.statements).toFixed(2)} statements/order`,
      );
      // What the last round's orders sent, statement by statement.
      for (const s of f.last?.each.filter((e) => e.perOrder >= 0.01) ?? []) console.log(`    ${s.perOrder.toFixed(2)}  ${s.text}`);
    }
  }
}

function machineLoad(): string {
  return os.loadavg()[0].toFixed(2);
}

function path(dir: string): string {
  return dir.slice(process.cwd().length + 1) || dir;
}

main().catch((error: unknown) => {
  console.error(error instanceof BenchError ? `[orders] ${error.message}` : error);
  process.exitCode = 1;
});
