// The run's table and its verdict: exit code 0 only when every check holds.
import type { LoadConfig } from "./config";
import type { Outcome } from "./requests";
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
  survivor: { name: string; keptPid: boolean; servedAfterPg: boolean };
  restartedServedAfterPg: boolean;
  mails: { delivered: number; expected: number; left: { locked: number; waiting: number } };
  logDir: string;
};

const secs = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(1)} s` : "never");

function statusCounts(outcomes: Outcome[]): string {
  const counts = new Map<string, number>();
  for (const o of outcomes) {
    const key = o.status === null ? `no reply (${o.error})` : String(o.status);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
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
    ["order throughput", `${(v.acknowledged / r.loadSeconds).toFixed(0)} orders/s over ${r.loadSeconds.toFixed(1)} s`],
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

  const checks: Array<[string, boolean]> = [
    [
      "every acknowledged order is stored with all its lines and the right total",
      v.missing === 0 && v.wrong === 0 && v.stored === v.acknowledged,
    ],
    ["no order is duplicated", v.duplicated === 0],
    ["no order is partial", v.partial === 0],
    ["every checkout was acknowledged in the end", v.unacknowledged === 0],
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
    ["every stored order's confirmation mail was sent", r.mails.delivered >= r.mails.expected],
  ];
  console.log("");
  for (const [what, ok] of checks) console.log(`  ${ok ? "ok  " : "FAIL"}  ${what}`);

  const failed = checks.some(([, ok]) => !ok);
  if (failed) {
    for (const i of r.instances)
      for (const e of i.unexpectedExits)
        console.log(`  ${i.name} exited unasked ${secs(e.at - faults.killAt)} after the kill: code ${e.code}, signal ${e.signal}`);
    for (const p of v.problems.slice(0, 10)) console.log(`  - ${p}`);
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
