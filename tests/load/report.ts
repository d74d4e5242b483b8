// The run's table and its verdict: exit code 0 only when every check holds.
import { P99_FACTOR, type LoadConfig } from "./config";
import type { Kitchen } from "./kitchen";
import type { Latency } from "./latency";
import type { AbuserOrders } from "./limits";
import type { Outcome } from "./requests";
import type { StreamTally } from "./streams";
import type { Verdict } from "./verify";
import type { Faults, FiveXx, Window } from "./windows";

export type Report = {
  config: LoadConfig;
  verdict: Verdict;
  fiveXx: FiveXx;
  windows: Window[];
  faults: Faults;
  instances: Array<{ name: string; unexpectedExits: Array<{ at: number; code: number | null; signal: string | null }> }>;
  outcomes: Outcome[];
  loadSeconds: number;
  /**
   * Real customers' order latency: quiet, while the streams opened, and beside the held streams
   * and the flood (outside the outage windows); the kitchen's status changes.
   */
  latency: { quiet: Latency; opening: Latency; abuse: Latency; kitchen: Latency };
  abuse: { replies: Map<string, number>; orders: AbuserOrders };
  streams: { tally: StreamTally; planned: number; caps: number[] };
  kitchen: Kitchen["stats"];
  /** Times a customer waited for the kitchen to take an order in before ordering again, and the longest wait (ms). */
  waits: { count: number; longestMs: number };
  survivor: { name: string; keptPid: boolean; servedAfterPg: boolean };
  restartedServedAfterPg: boolean;
  mails: { delivered: number; expected: number; left: { locked: number; waiting: number } };
  logDir: string;
};

const secs = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(1)} s` : "never");

const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : "none");

function statusCounts(outcomes: Outcome[]): string {
  const counts = new Map<string, number>();
  for (const o of outcomes) {
    const key = o.status === null ? `no reply (${o.error})` : String(o.status);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return tallied(counts);
}

function tallied(counts: Map<string, number>): string {
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k}: ${n}`)
    .join(", ");
}

export function printReport(r: Report): number {
  const { verdict: v, fiveXx, faults } = r;
  const orderOutcomes = r.outcomes.filter((o) => o.kind === "order");
  const killedWindow = r.windows.find((w) => w.cause.startsWith("SIGKILL"))!;
  const pgWindows = r.windows.filter((w) => w.cause.startsWith("PostgreSQL"));
  const name = (i: number) => r.instances[i].name;
  const { quiet, opening, abuse } = r.latency;
  const p99Bound = P99_FACTOR * quiet.p99;
  const ab = r.abuse.orders;
  const st = r.streams.tally;
  const streamReplies = [...st.replies].filter(([status]) => status !== "200" && status !== "503" && status !== "no reply");

  const rows: Array<[string, string]> = [
    ["orders sent (checkouts, one key each)", String(v.sent)],
    ["acknowledged (201, or 200 for a retried key)", String(v.acknowledged)],
    ["stored, whole and as ordered", String(v.stored)],
    ["missing (acknowledged, not stored)", String(v.missing)],
    ["stored differently from the order", String(v.wrong)],
    ["duplicated", String(v.duplicated)],
    ["partial", String(v.partial)],
    ["not acknowledged (gave up or 4xx)", String(v.unacknowledged)],
    ["  of them stored anyway (reply lost)", String(v.storedUnacknowledged)],
    ["order requests (with retries)", String(orderOutcomes.length)],
    ["customers who waited for an open order to move on / longest", `${r.waits.count} / ${secs(r.waits.longestMs)}`],
    ["order throughput", `${(v.acknowledged / r.loadSeconds).toFixed(0)} orders/s over ${r.loadSeconds.toFixed(1)} s`],
    ["order p99 (p50), quiet phase", `${ms(quiet.p99)} (${ms(quiet.p50)}) of ${quiet.samples} requests`],
    ["order p99 (p50), while the streams opened", `${ms(opening.p99)} (${ms(opening.p50)}) of ${opening.samples} requests`],
    ["order p99 (p50), streams held + flood + faults", `${ms(abuse.p99)} (${ms(abuse.p50)}) of ${abuse.samples} requests`],
    ["  ratio (at most " + P99_FACTOR + ")", (abuse.p99 / quiet.p99).toFixed(2)],
    ["abuser's order requests", tallied(r.abuse.replies)],
    ["abuser's orders stored", String(ab.stored)],
    ["  most in 10 minutes / allowed", `${ab.mostInWindow} / ${ab.allowedInWindow}`],
    ["  most open at once / allowed", `${ab.mostOpen} / ${ab.allowedOpen}`],
    ["streams held at once / planned", `${st.heldAtOnce} / ${r.streams.planned}`],
    ["  most held per instance / cap", st.peak.map((p, i) => `${name(i)} ${p} / ${r.streams.caps[i]}`).join(", ")],
    ["  opened (reconnections too) / held at the end", `${st.opened} / ${st.heldAtEnd}`],
    ["  extras beyond the caps: refused with 503 / asked", `${st.extras.refused} / ${st.extras.asked}`],
    ["  replies to stream requests", tallied(st.replies)],
    ["kitchen: orders taken / delivered / status changes", `${r.kitchen.taken} / ${r.kitchen.delivered} / ${r.kitchen.moves}`],
    ["  status change p99 (p50), outside the windows", `${ms(r.latency.kitchen.p99)} (${ms(r.latency.kitchen.p50)})`],
    ["5xx inside outage windows (503 + Retry-After)", String(fiveXx.inside)],
    ["5xx outside outage windows", String(fiveXx.outside)],
    ["5xx other than 503 with Retry-After (anywhere)", String(fiveXx.disallowed.length)],
    ["no reply outside outage windows", String(fiveXx.noReplyOutside)],
    [`recovery: ${name(faults.killed)} SIGKILL -> serving again`, secs(killedWindow.end - killedWindow.start)],
    [`  of it: restart -> serving`, secs(killedWindow.end - faults.restartedAt)],
    ...pgWindows.map((w): [string, string] => [
      `recovery: PostgreSQL back -> ${name(w.instance)} serving`,
      secs(w.end - faults.pgStartedAt),
    ]),
    ["  PostgreSQL down (stop -> accepting again)", secs(faults.pgStartedAt - faults.pgStopAt)],
    ["confirmation mails sent / orders stored", `${r.mails.delivered} / ${r.mails.expected}`],
    ["  mail jobs left: locked / waiting", `${r.mails.left.locked} / ${r.mails.left.waiting}`],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  console.log("");
  for (const [k, val] of rows) console.log(`  ${k.padEnd(width)}  ${val}`);
  console.log(`\n  replies to orders: ${statusCounts(orderOutcomes)}`);
  console.log(`  replies to the kitchen: ${statusCounts(r.outcomes.filter((o) => o.kind === "kitchen"))}`);

  const checks: Array<[string, boolean]> = [
    [
      "every acknowledged order is stored with all its lines and the right total",
      v.missing === 0 && v.wrong === 0 && v.stored === v.acknowledged,
    ],
    ["no order is duplicated", v.duplicated === 0],
    ["no order is partial", v.partial === 0],
    ["every checkout was acknowledged in the end, none refused", v.unacknowledged === 0],
    [
      `real customers' order p99 beside the held streams and the flood (${ms(abuse.p99)}) is at most ${P99_FACTOR} x the quiet phase's (${ms(quiet.p99)})`,
      quiet.samples > 0 && abuse.samples > 0 && abuse.p99 <= p99Bound,
    ],
    [
      `the abuser's stored orders are within the limits (${ab.mostInWindow} <= ${ab.allowedInWindow} in 10 min, ${ab.mostOpen} <= ${ab.allowedOpen} open)`,
      ab.mostInWindow <= ab.allowedInWindow && ab.mostOpen <= ab.allowedOpen,
    ],
    [`all ${r.streams.planned} planned streams were held at once`, st.heldAtOnce === r.streams.planned],
    [
      "every stream asked for beyond the caps got 503 with Retry-After; no instance held more than its cap",
      st.extras.refused === st.extras.asked && st.extras.admitted === 0 && st.peak.every((p, i) => p <= r.streams.caps[i]),
    ],
    ["every stream request was answered 200 or 503 with Retry-After", streamReplies.length === 0 && st.refusedWithoutRetryAfter === 0],
    ["the kitchen moved orders on without a refusal", r.kitchen.refused.length === 0],
    ["no 5xx outside the outage windows", fiveXx.outside === 0],
    ["every 5xx is a 503 with Retry-After (never a 500)", fiveXx.disallowed.length === 0],
    [
      `${r.survivor.name} lived through it all without a restart and served after PostgreSQL came back`,
      r.survivor.keptPid && r.survivor.servedAfterPg,
    ],
    [
      `${name(faults.killed)} served again after its restart and after PostgreSQL came back`,
      Number.isFinite(killedWindow.end) && r.restartedServedAfterPg,
    ],
    ["no instance exited unasked", r.instances.every((i) => i.unexpectedExits.length === 0)],
    ["every stored order's confirmation mail was sent", r.mails.delivered === r.mails.expected],
  ];
  console.log("");
  for (const [what, ok] of checks) console.log(`  ${ok ? "ok  " : "FAIL"}  ${what}`);

  const failed = checks.some(([, ok]) => !ok);
  if (failed) {
    for (const i of r.instances)
      for (const e of i.unexpectedExits)
        console.log(`  ${i.name} exited unasked ${secs(e.at - faults.killAt)} after the kill: code ${e.code}, signal ${e.signal}`);
    for (const p of v.problems.slice(0, 10)) console.log(`  - ${p}`);
    for (const k of r.kitchen.refused.slice(0, 5))
      console.log(`  - the kitchen got ${k.status} for order ${k.orderId}: ${JSON.stringify(k.body)}`);
    const shown = [...fiveXx.disallowed, ...fiveXx.outsideList].slice(0, 10);
    for (const o of shown) {
      console.log(
        `  - ${o.kind} on ${name(o.instance)} got ${o.status}${o.retryAfter ? ` (Retry-After ${o.retryAfter})` : ""} at ${secs(o.start - faults.killAt)} after the kill (PostgreSQL stop at ${secs(faults.pgStopAt - faults.killAt)})`,
      );
    }
    console.log(`\n  server logs: ${r.logDir}/*.log`);
  }
  console.log(failed ? "\nLOAD RUN FAILED" : "\nload run passed");
  return failed ? 1 : 0;
}
