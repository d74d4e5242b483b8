// The one table `npm run bench` prints: a row per figure of issue 21's table, next to its
// baseline from the same run, the ratio, the target and whether the target is met.
import { machineLine } from "./machine";
import { PRECACHE_TARGET_BYTES } from "./precache";
import type { BenchResults, Compared } from "./results";
import type { RiderResult } from "./rider";

type Row = { what: string; value: string; baseline: string; ratio: string; target: string; pass: string };

const HEADER: Row = { what: "what", value: "value", baseline: "baseline (same run)", ratio: "ratio", target: "target", pass: "pass/fail" };

const int = (n: number) => Math.round(n).toLocaleString("en-US");
const verdict = (ok: boolean) => (ok ? "PASS" : "FAIL");
const INFO = "info";

/** Targets of issue 21 for the load rows (ratio to the static file) and the browser rows. */
const PAGE_TARGETS: Record<string, number> = { "/": 0.3, "/menu": 0.3, "/api/menu": 0.3 };
/** Pages that must be served whole from their prerender, never rendered per request. */
const PRERENDERED = new Set(["/", "/menu"]);
const ORDERS_TARGET = 0.12;
const ORDERS_P99_MS = 150;
/** Issue 33: orders with a coupon code at least this share of the same run's rate without one. */
const COUPON_RATIO_TARGET = 0.9;
const LIGHTHOUSE_PERFORMANCE_TARGET = 90;
export const FIRST_LOAD_TARGETS_KB: Record<string, number> = { "/menu": 150 };
/** Issue 22: an order's ticket on the kitchen display within a second, however busy the pass. */
const KITCHEN_TARGET_MS = 1_000;
/** Issue 34: an assignment on the rider's open page within a second, and a light page for a phone. */
const RIDER_TARGET_MS = 1_000;
const RIDER_FIRST_LOAD_KB = 130;
/** Issue 35: a status change reaches the customer's push service within 2 s. */
const PUSH_TARGET_MS = 2_000;

function pageRow(c: Compared, prerendered: Record<string, boolean>): Row {
  const r = c.result;
  const target = PAGE_TARGETS[r.label];
  const failures = r.non2xx + r.errors;
  const prerenderNeeded = PRERENDERED.has(r.label);
  const whole = prerendered[r.label] === true;
  return {
    what: `GET ${r.label}`,
    value: `${int(r.rps)} req/s, p99 ${int(r.p99Ms)} ms, ${int(failures)} non-2xx/errors${prerenderNeeded ? `, ${whole ? "served whole from its prerender" : "NOT served whole from its prerender"}` : ""}`,
    baseline: `static 64 KiB: ${int(c.baselineRps)} req/s`,
    ratio: c.ratio.toFixed(2),
    target: target === undefined ? "(for information)" : `≥ ${target}${prerenderNeeded ? ", prerendered" : ""}`,
    pass: target === undefined ? INFO : verdict(c.ratio >= target && failures === 0 && (!prerenderNeeded || whole)),
  };
}

function rows(results: BenchResults): Row[] {
  const out = results.pages.map((c) => pageRow(c, results.prerendered ?? {}));

  const { plainPg } = results.orders;
  for (const [label, shop] of [
    ["ASAP, one slot", results.orders.shop],
    ["scheduled, spread", results.orders.scheduled],
  ] as const) {
    const ratio = plainPg.ordersPerSecond ? shop.rps / plainPg.ordersPerSecond : 0;
    const orderFailures = shop.non2xx + shop.errors;
    out.push({
      what: `POST /api/orders ${label}`,
      value: `${int(shop.rps)} orders/s, p99 ${int(shop.p99Ms)} ms, ${int(orderFailures)} errors, ${int(shop.mails)} mails`,
      baseline: `plain pg, pool 10: ${int(plainPg.ordersPerSecond)}/s${plainPg.errors ? ` (${plainPg.errors} errors)` : ""}`,
      ratio: ratio.toFixed(2),
      target: `≥ ${ORDERS_TARGET}, p99 ≤ ${ORDERS_P99_MS} ms, 0 errors`,
      pass: verdict(ratio >= ORDERS_TARGET && shop.p99Ms <= ORDERS_P99_MS && orderFailures === 0),
    });
  }

  const { withCoupon, shop } = results.orders;
  const couponFailures = withCoupon.non2xx + withCoupon.errors;
  out.push({
    what: "POST /api/orders ASAP, with a coupon",
    value: `${int(withCoupon.rps)} orders/s, p99 ${int(withCoupon.p99Ms)} ms, ${int(couponFailures)} errors, ${int(withCoupon.mails)} mails`,
    baseline: `ASAP without a coupon: ${int(shop.rps)}/s`,
    ratio: results.orders.couponRatio.toFixed(2),
    target: `≥ ${COUPON_RATIO_TARGET}, p99 ≤ ${ORDERS_P99_MS} ms, 0 errors`,
    pass: verdict(results.orders.couponRatio >= COUPON_RATIO_TARGET && withCoupon.p99Ms <= ORDERS_P99_MS && couponFailures === 0),
  });

  for (const lh of results.lighthouse ?? []) {
    const perfect = lh.accessibility === 100 && lh.bestPractices === 100 && lh.seo === 100;
    out.push({
      what: `Lighthouse mobile ${lh.page}`,
      value: `perf ${lh.performance} (runs ${lh.runs.join("/")}), a11y ${lh.accessibility}, bp ${lh.bestPractices}, seo ${lh.seo}; LCP ${(lh.lcpMs / 1000).toFixed(1)} s, TBT ${int(lh.tbtMs)} ms, CLS ${lh.cls.toFixed(3)}`,
      baseline: `benchmarkIndex ${int(lh.benchmarkIndex)}`,
      ratio: "",
      target: `median perf ≥ ${LIGHTHOUSE_PERFORMANCE_TARGET}; others 100`,
      pass: verdict(lh.performance >= LIGHTHOUSE_PERFORMANCE_TARGET && perfect),
    });
  }

  for (const fl of results.firstLoad) {
    const target = FIRST_LOAD_TARGETS_KB[fl.page];
    out.push({
      what: `first-load JS ${fl.page} (gzip)`,
      value: `${fl.kB.toFixed(1)} kB (${fl.scripts} files; before load ${fl.beforeLoadKB.toFixed(1)} kB)`,
      baseline: "empty Next 16 app ≈ 136 kB",
      ratio: "",
      target: target === undefined ? "(for information)" : `≤ ${target} kB`,
      pass: target === undefined ? INFO : verdict(fl.kB <= target),
    });
  }

  if (results.precache) {
    const { entries, bytes } = results.precache;
    out.push({
      what: "service worker precache",
      value: `${(bytes / 1000).toFixed(1)} kB in ${entries} entries, as Cache Storage holds them`,
      baseline: "",
      ratio: "",
      target: `≤ ${(PRECACHE_TARGET_BYTES / 1000).toLocaleString("en-US")} kB`,
      pass: verdict(bytes <= PRECACHE_TARGET_BYTES),
    });
  }

  if (results.kitchen) {
    const k = results.kitchen;
    const page = `${int(k.activeOrders)} active orders, ${int(k.ticketsInPage)} tickets in the page`;
    out.push(timedRow("order placed → ticket on /admin/kitchen", k.medianMs, k.placementsMs, KITCHEN_TARGET_MS, page));
  }

  if (results.rider) out.push(...riderRows(results.rider));
  if (results.push) {
    const p = results.push;
    out.push(timedRow("status change → push at the push service", p.medianMs, p.runsMs, PUSH_TARGET_MS));
  }

  out.push({
    what: "server RSS after the load",
    value: results.rss ? `${int(results.rss.rssMb)} MB` : "unknown",
    baseline: "",
    ratio: "",
    target: "(for information)",
    pass: INFO,
  });
  return out;
}

/** A row of timed runs read as their median against a ceiling in milliseconds. */
function timedRow(what: string, medianMs: number, runsMs: readonly number[], targetMs: number, extra = ""): Row {
  return {
    what,
    value: `median ${int(medianMs)} ms (runs ${runsMs.map(int).join("/")})${extra ? `, ${extra}` : ""}`,
    baseline: "",
    ratio: "",
    target: `≤ ${int(targetMs)} ms`,
    pass: verdict(medianMs <= targetMs),
  };
}

/** The rider rows (issue 34): an assignment reaching an open /rider, and /rider's first-load JS. */
export function riderRows(r: RiderResult): Row[] {
  return [
    timedRow("order assigned → card on /rider", r.medianMs, r.assignmentsMs, RIDER_TARGET_MS),
    {
      what: "first-load JS /rider (gzip)",
      value: `${r.firstLoad.kB.toFixed(1)} kB (${r.firstLoad.scripts} files; before load ${r.firstLoad.beforeLoadKB.toFixed(1)} kB)`,
      baseline: "",
      ratio: "",
      target: `≤ ${RIDER_FIRST_LOAD_KB} kB`,
      pass: verdict(r.firstLoad.kB <= RIDER_FIRST_LOAD_KB),
    },
  ];
}

/** Plain text, columns padded to the widest cell, so it pastes into a README as is. */
export function formatTable(results: BenchResults): string {
  const all = [HEADER, ...rows(results)];
  const keys = Object.keys(HEADER) as Array<keyof Row>;
  const widths = keys.map((k) => Math.max(...all.map((r) => [...r[k]].length)));
  const line = (r: Row) =>
    keys
      .map((k, i) => r[k].padEnd(widths[i]))
      .join(" | ")
      .trimEnd();
  const rule = widths.map((w) => "-".repeat(w)).join("-+-");
  const c = results.conditions;
  return [
    `Fresh Bowl bench, ${results.at}${results.durationSeconds ? ` (took ${Math.round(results.durationSeconds)} s)` : ""}`,
    `machine: ${machineLine(results.machine)}`,
    `load: ${c.connections} connections, ${c.seconds} s per target after ${c.warmupSeconds} s warm-up, Accept-Encoding: ${c.acceptEncoding}; ` +
      `static file ${int(results.staticFile.bytes)} B (${int(results.staticFile.gzipBytes)} B gzipped, sent as ${results.staticFile.contentEncoding})`,
    "",
    line(all[0]),
    rule,
    ...all.slice(1).map(line),
  ].join("\n");
}
