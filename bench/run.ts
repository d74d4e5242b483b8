// `npm run bench`: issue 21's figures in one run, each next to a baseline measured in the same
// run, printed as one table and written to .bench/results.json. See bench/README.md.
//
// Order matters: load runs are interleaved with their baselines (static file, page, static
// file, …) because these shared machines drift; Lighthouse, the first-load check and the kitchen
// display come last, with the server idle, so the load cannot disturb them and they cannot
// disturb the load.
import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import { BROWSER_HEADERS, BROWSER_PAGES, SIGNED_IN_PAGES, config } from "./config";
import { firstLoadJs } from "./first-load";
import { KITCHEN_ACTIVE_ORDERS, kitchenLatency, type KitchenResult } from "./kitchen";
import { riderLatency, type RiderResult } from "./rider";
import { lighthousePage, type LighthouseScores } from "./lighthouse";
import { contentEncoding, servedWholeFromPrerender, load, warmUp, type LoadResult } from "./load";
import { describeMachine, machineLine } from "./machine";
import { benchCoupon, drainMailQueue, pickLines, placeOneOrder, runOrderLoad, schedulableSlots, signIn, takeMails } from "./orders";
import { plainPgOrders } from "./pg-baseline";
import { precacheSize } from "./precache";
import type { BenchResults, Compared } from "./results";
import { serverRss } from "./rss";
import { BenchError, requireBuild, startStack, stopOnSignal } from "./server";
import { STATIC_PATH } from "./static-file";
import { formatTable } from "./table";
import { formatScale, scaleRow } from "./scale";
import { pushLatency, pushSetup, type PushResult } from "./push";

const say = (msg: string) => console.error(`[bench] ${msg}`);

/** The pages issue 21 sets targets for, then the ones it reports for information. */
const TARGETED = ["/", "/menu", "/api/menu"];
const INFORMATIVE = ["/menu?category=veg-salads", "/menu?search=chicken", "/login"];

function compared(result: LoadResult, baselines: LoadResult[]): Compared {
  const baselineRps = baselines.reduce((sum, b) => sum + b.rps, 0) / baselines.length;
  return { result, baselines, baselineRps, ratio: baselineRps ? result.rps / baselineRps : 0 };
}

async function main() {
  const began = performance.now();
  requireBuild();
  const machine = await describeMachine();
  say(machineLine(machine));
  // Half the cores busy on average over the last minute: someone else is building or measuring.
  if (machine.loadAtStart > machine.cores / 2)
    say(`the machine is already busy (load ${machine.loadAtStart.toFixed(2)}): figures may be disturbed`);

  say("starting PostgreSQL and the shop …");
  // The shop sends its pushes to a local push service over https, as in production with keys.
  const push = await pushSetup();
  const stack = await startStack(push.serverEnv);
  stopOnSignal(async () => {
    await stack.stop();
    await push.service.close();
  });
  let results: BenchResults;
  try {
    const url = (p: string) => stack.base + p;
    const measure = async (p: string) => {
      const r = await load(url(p));
      say(
        `${p}: ${Math.round(r.rps)} req/s, p99 ${Math.round(r.p99Ms)} ms, ${r.bytesPerResponse} B/response${r.non2xx + r.errors ? `, ${r.non2xx} non-2xx, ${r.errors} errors` : ""}`,
      );
      return r;
    };

    say(`warm-up, ${config.warmupSeconds} s per target …`);
    for (const p of [STATIC_PATH, ...TARGETED, ...INFORMATIVE]) await warmUp(url(p));

    // static, page, static, page, static, informative pages, static: every page has a static
    // run on each side, and its ratio uses their mean.
    const s1 = await measure(STATIC_PATH);
    const home = await measure("/");
    const s2 = await measure(STATIC_PATH);
    const menu = await measure("/menu");
    const s3 = await measure(STATIC_PATH);
    const apiMenu = await measure("/api/menu");
    const s4 = await measure(STATIC_PATH);
    const informative: LoadResult[] = [];
    for (const p of INFORMATIVE) informative.push(await measure(p));
    const s5 = await measure(STATIC_PATH);
    const pages = [
      compared(home, [s1, s2]),
      compared(menu, [s2, s3]),
      compared(apiMenu, [s3, s4]),
      ...informative.map((r) => compared(r, [s4, s5])),
    ];
    const prerendered = { "/": await servedWholeFromPrerender(url("/")), "/menu": await servedWholeFromPrerender(url("/menu")) };

    const encodings: Record<string, string> = {};
    for (const p of [STATIC_PATH, ...TARGETED, ...INFORMATIVE]) encodings[p] = await contentEncoding(url(p));

    say("orders: signing in, one order by hand, then ASAP orders, ASAP orders with a coupon, the plain-pg baseline and scheduled orders …");
    const session = await signIn(stack.base);
    const lines = await pickLines(stack.base);
    await placeOneOrder(stack.base, session, lines);
    const slots = await schedulableSlots(stack.base);
    const couponCode = await benchCoupon(stack.base, session);
    // The confirmation mails of each load are sent after its replies: drained before the next
    // run, so they count against the orders that caused them and not against what follows.
    const orderLoad = async (kind: string, options: { slots?: string[]; couponCode?: string }) => {
      const result = await runOrderLoad(stack.base, session, lines, options);
      await drainMailQueue(stack.databaseUrl);
      const mails = takeMails(stack.mail);
      say(
        `POST /api/orders ${kind}: ${Math.round(result.rps)} orders/s, p99 ${Math.round(result.p99Ms)} ms, ${result.non2xx} non-2xx, ${result.errors} errors, ${mails} mails`,
      );
      for (const f of result.failures) say(`  failed order: ${f.status} ${f.body}`);
      return { ...result, mails };
    };
    const shop = await orderLoad("ASAP", {});
    // Right after the same load without one, so both meet the same state of a shared machine.
    const withCoupon = await orderLoad("ASAP with a coupon", { couponCode });
    const plainPg = await plainPgOrders(stack.databaseUrl, lines);
    say(
      `plain pg: ${Math.round(plainPg.ordersPerSecond)} orders/s, p99 ${plainPg.p99Ms.toFixed(1)} ms${plainPg.firstError ? `, first error: ${plainPg.firstError}` : ""}`,
    );
    const scheduled = await orderLoad("scheduled", { slots });

    const rss = serverRss(stack.pid);

    let lighthouse: LighthouseScores[] | undefined;
    if (config.lighthouse) {
      lighthouse = [];
      for (const p of BROWSER_PAGES) {
        say(`Lighthouse ${p} (3 runs) …`);
        const headers = SIGNED_IN_PAGES.has(p) ? { Cookie: `${session.cookieName}=${session.token}` } : undefined;
        const scores = await lighthousePage(stack.browserBase, p, headers);
        say(`  performance ${scores.runs.join(" / ")}, benchmarkIndex ${scores.benchmarkIndex}`);
        lighthouse.push(scores);
      }
    } else {
      say("BENCH_LIGHTHOUSE=0: skipping Lighthouse");
    }

    say("first-load JS in Chromium …");
    const firstLoad = await firstLoadJs(stack.browserBase, BROWSER_PAGES, session);
    for (const f of firstLoad)
      if (f.uncompressed.length) say(`  ${f.page}: scripts sent without compression: ${f.uncompressed.join(", ")}`);

    say("the service worker's precache …");
    const precache = await precacheSize(stack.browserBase);

    // Last: it retires the order load's orders (marks them delivered) to leave exactly its own active.
    let kitchen: KitchenResult | undefined;
    if (config.kitchen) {
      say(`the kitchen display with ${KITCHEN_ACTIVE_ORDERS} active orders: orders placed one at a time …`);
      kitchen = await kitchenLatency(stack.base, stack.browserBase, stack.databaseUrl, session, lines);
      say(`  ${kitchen.placementsMs.map(Math.round).join(" / ")} ms, ${kitchen.ticketsInPage} tickets in the page`);
    } else {
      say("BENCH_KITCHEN=0: skipping the kitchen display");
    }
    say("the rider's page: orders assigned one at a time …");
    const rider: RiderResult = await riderLatency(stack.base, stack.browserBase, stack.databaseUrl, session, lines);
    say(`  ${rider.assignmentsMs.map(Math.round).join(" / ")} ms, first-load JS ${rider.firstLoad.kB.toFixed(1)} kB`);

    let pushRow: PushResult | undefined;
    if (config.push) {
      say("a status change → its push at the push service, 5 times …");
      pushRow = await pushLatency(stack.base, session, lines, push.service);
      say(`  ${pushRow.runsMs.map(Math.round).join(" / ")} ms`);
    } else {
      say("BENCH_PUSH=0: skipping the push row");
    }

    results = {
      at: new Date().toISOString(),
      machine,
      conditions: {
        seconds: config.seconds,
        warmupSeconds: config.warmupSeconds,
        connections: config.connections,
        acceptEncoding: BROWSER_HEADERS["accept-encoding"],
      },
      staticFile: { path: STATIC_PATH, ...stack.staticFile, contentEncoding: encodings[STATIC_PATH] },
      encodings,
      pages,
      prerendered,
      orders: {
        shop,
        plainPg,
        ratio: plainPg.ordersPerSecond ? shop.rps / plainPg.ordersPerSecond : 0,
        scheduled,
        scheduledRatio: plainPg.ordersPerSecond ? scheduled.rps / plainPg.ordersPerSecond : 0,
        withCoupon,
        couponRatio: shop.rps ? withCoupon.rps / shop.rps : 0,
      },
      rss,
      lighthouse,
      firstLoad,
      precache,
      kitchen,
      rider,
      push: pushRow,
    };
  } finally {
    say("stopping the shop and PostgreSQL …");
    await stack.stop();
    await push.service.close();
  }
  // After the shop above has stopped, on a stack of its own: a million orders (issue 37).
  if (config.scale) results.scale = await scaleRow(say, undefined, () => os.loadavg()[0]);
  machine.loadAtEnd = os.loadavg()[0];
  results.durationSeconds = (performance.now() - began) / 1000;
  await mkdir(".bench", { recursive: true });
  await writeFile(".bench/results.json", JSON.stringify(results, null, 2));
  const notGzipped = Object.entries(results.encodings).filter(([, e]) => e !== "gzip");
  if (notGzipped.length) say(`sent without gzip: ${notGzipped.map(([p, e]) => `${p} (${e})`).join(", ")}`);
  console.log(formatTable(results));
  if (results.scale) console.log(`\n${formatScale(results.scale)}`);
  console.log("\nraw results: .bench/results.json");
}

main().catch((error) => {
  console.error(error instanceof BenchError ? error.message : error);
  process.exit(1);
});
