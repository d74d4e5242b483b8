// `BENCH_CEILING=1 npm run bench:orders`: how fast can a Next route handler answer at all on this machine, next
// to the real POST /api/orders and the plain-pg baseline? Each target runs on one stack,
// interleaved BENCH_ROUNDS times (default 3), with the shop's CPU time per request:
// - POST /api/orders signed out: the route answers 401 before any database work (Next's routing,
//   request and reply objects, the route wrapper, the session lookup finding no token);
// - POST /api/orders signed in, body `{}`: the token decoded (cached), the body read and refused by
//   zod (400): everything the order path does before its first database round trip;
// - BENCH_NOOP_PATH (optional): a route handler of your own that only returns `{}` (e.g. added to
//   a throwaway checkout), Next's floor for a POST route handler;
// - POST /api/orders, 3 lines, a fresh key: the real thing, its mails drained after each run;
// - plain pg, pool of 10: the baseline.
// If the floor is below 0.2 × plain pg, no order path inside a Next route handler reaches the target
// on this machine, whatever it does.
import { randomUUID } from "node:crypto";
import { config } from "./config";
import { load, type LoadResult } from "./load";
import { describeMachine, machineLine } from "./machine";
import { drainMailQueue, pickLines, placeOneOrder, runOrderLoad, signIn } from "./orders";
import { plainPgOrders } from "./pg-baseline";
import { shopCpuMs } from "./rss";
import { requireBuild, startStack, stopOnSignal } from "./server";

const say = (msg: string) => console.error(`[ceiling] ${msg}`);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3) || 3);

type Row = { label: string; rps: number[]; cpuMs: number[]; p99: number[]; failures: number[] };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Measures and prints the ceiling table (bench/orders-ratio.ts runs it when BENCH_CEILING=1). */
export async function measureCeiling(): Promise<void> {
  requireBuild();
  say(machineLine(await describeMachine()));
  const stack = await startStack();
  stopOnSignal(stack.stop);
  const rows = new Map<string, Row>();
  const record = (label: string, rps: number, cpuMs: number, p99: number, failures: number) => {
    const row = rows.get(label) ?? { label, rps: [], cpuMs: [], p99: [], failures: [] };
    row.rps.push(rps);
    row.cpuMs.push(cpuMs);
    row.p99.push(p99);
    row.failures.push(failures);
    rows.set(label, row);
  };
  try {
    const session = await signIn(stack.base);
    const lines = await pickLines(stack.base);
    await placeOneOrder(stack.base, session, lines);
    const url = `${stack.base}/api/orders`;
    const json = { "content-type": "application/json" };
    const http: Array<{ label: string; url: string; headers: Record<string, string>; body: string; expect: number }> = [
      { label: "POST /api/orders signed out (401)", url, headers: json, body: "{}", expect: 401 },
      {
        label: "POST /api/orders signed in, body {} (400)",
        url,
        headers: { ...json, authorization: `Bearer ${session.token}` },
        body: "{}",
        expect: 400,
      },
    ];
    const noop = process.env.BENCH_NOOP_PATH;
    if (noop) http.unshift({ label: `POST ${noop} (no-op handler)`, url: `${stack.base}${noop}`, headers: json, body: "{}", expect: 200 });

    for (let round = 1; round <= ROUNDS; round++) {
      for (const t of http) {
        let wrong = 0;
        const options = {
          method: "POST" as const,
          headers: t.headers,
          body: t.body,
          setupRequest: (req: object) => ({ ...req, headers: { ...t.headers, "idempotency-key": randomUUID() } }),
          onResponse: (status: number) => void (status !== t.expect && (wrong += 1)),
        };
        if (round === 1) await load(t.url, { ...options, seconds: config.warmupSeconds });
        wrong = 0;
        const before = shopCpuMs(stack.pid);
        const r: LoadResult = await load(t.url, { ...options, label: t.label });
        record(t.label, r.rps, (shopCpuMs(stack.pid) - before) / r.requests, r.p99Ms, wrong + r.errors);
      }
      if (round === 1) await runOrderLoad(stack.base, session, lines, { seconds: config.warmupSeconds, warmUp: false });
      const before = shopCpuMs(stack.pid);
      const shop = await runOrderLoad(stack.base, session, lines, { warmUp: false });
      await drainMailQueue(stack.databaseUrl);
      record(
        "POST /api/orders, 3 lines (201)",
        shop.rps,
        (shopCpuMs(stack.pid) - before) / shop.requests,
        shop.p99Ms,
        shop.non2xx + shop.errors,
      );
      const plain = await plainPgOrders(stack.databaseUrl, lines, { warmUp: round === 1 });
      record("plain pg, pool of 10 (baseline)", plain.ordersPerSecond, NaN, plain.p99Ms, plain.errors);
      say(`round ${round} done`);
    }
  } finally {
    await stack.stop();
  }
  const plain = median(rows.get("plain pg, pool of 10 (baseline)")!.rps);
  const out = [
    `median of ${ROUNDS} interleaved rounds of ${config.seconds} s, ${config.connections} connections`,
    `${"what".padEnd(44)} | ${"req/s".padStart(7)} | ${"÷ plain pg".padStart(10)} | ${"shop CPU ms/req".padStart(15)} | p99 ms | wrong/errors`,
  ];
  for (const r of rows.values()) {
    const cpu = median(r.cpuMs);
    out.push(
      `${r.label.padEnd(44)} | ${Math.round(median(r.rps)).toLocaleString("en").padStart(7)} | ${(median(r.rps) / plain).toFixed(3).padStart(10)} | ${(Number.isNaN(cpu) ? "" : cpu.toFixed(2)).padStart(15)} | ${String(Math.round(median(r.p99))).padStart(6)} | ${r.failures.reduce((a, b) => a + b, 0)}`,
    );
  }
  console.log(out.join("\n"));
}
