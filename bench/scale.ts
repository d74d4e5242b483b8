// The scale row (issue 37): the admin's pages and the orders list reply, first on an empty shop,
// then with a million orders put straight into the same stack's database (bench/scale-data.ts),
// each a median of 5 warm requests by a signed-in admin, with the size of what was sent. The
// stack is the row's own, so the million orders never reach the other rows' database.
import { BROWSER_HEADERS } from "./config";
import { signIn, type Session } from "./orders";
import { fillOrders, MILLION, type ScaleShape } from "./scale-data";
import { startStack, type Stack } from "./server";

/** The pages issue 37 sets its 100 ms target for. */
const SCALE_PAGES = [
  "/admin/dashboard",
  "/admin/orders",
  "/admin/kitchen",
  "/api/orders?limit=50",
  "/admin/reports",
  "/admin/users",
  "/api/users",
  "/admin/menu",
] as const;

const WARM = 2;
const TIMED = 5;

type PageTiming = { path: string; medianMs: number; runsMs: number[]; bytes: number; status: number };

export type ScaleResult = {
  shape: ScaleShape;
  fillSeconds: number;
  empty: PageTiming[];
  full: PageTiming[];
  /** Load average (1 min) when the full shop's pages were timed. */
  loadDuringFull: number;
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function timePage(base: string, session: Session, path: string): Promise<PageTiming> {
  // Pages by the session cookie, as a browser; the API by the bearer token, as a client.
  const headers: Record<string, string> = path.startsWith("/api/")
    ? { ...BROWSER_HEADERS, authorization: `Bearer ${session.token}` }
    : { ...BROWSER_HEADERS, cookie: `${session.cookieName}=${session.token}` };
  const once = async () => {
    const began = performance.now();
    const res = await fetch(base + path, { headers: { ...headers, "accept-encoding": "identity" }, redirect: "manual" });
    const body = await res.arrayBuffer();
    return { ms: performance.now() - began, bytes: body.byteLength, status: res.status };
  };
  for (let i = 0; i < WARM; i++) await once();
  const runs = [];
  for (let i = 0; i < TIMED; i++) runs.push(await once());
  const last = runs[runs.length - 1];
  if (last.status !== 200) throw new Error(`${path} answered ${last.status} to the signed-in admin`);
  return { path, medianMs: median(runs.map((r) => r.ms)), runsMs: runs.map((r) => r.ms), bytes: last.bytes, status: last.status };
}

async function timePages(stack: Stack, session: Session): Promise<PageTiming[]> {
  const out: PageTiming[] = [];
  for (const path of SCALE_PAGES) out.push(await timePage(stack.base, session, path));
  return out;
}

/** Starts the row's own stack, times the pages empty, writes the orders, times them again. */
export async function scaleRow(
  say: (msg: string) => void,
  shape: ScaleShape = MILLION,
  loadAverage: () => number = () => 0,
): Promise<ScaleResult> {
  const stack = await startStack();
  try {
    const session = await signIn(stack.base);
    say("scale: the empty shop's pages …");
    const empty = await timePages(stack, session);
    say(`scale: writing ${shape.orders.toLocaleString("en-IN")} orders over ${shape.days} days …`);
    const { seconds } = await fillOrders(stack.databaseUrl, shape);
    say(`scale: written in ${seconds.toFixed(0)} s; the pages again …`);
    const loadDuringFull = loadAverage();
    const full = await timePages(stack, session);
    return { shape, fillSeconds: seconds, empty, full, loadDuringFull };
  } finally {
    await stack.stop();
  }
}

/** One line per page: empty beside full, with the HTML or JSON sent. */
export function formatScale(r: ScaleResult): string {
  const kb = (b: number) => `${(b / 1024).toFixed(0)} kB`;
  const lines = [
    `Scale: ${r.shape.orders.toLocaleString("en-IN")} orders (written in ${r.fillSeconds.toFixed(0)} s), median of ${TIMED} warm requests, load ${r.loadDuringFull.toFixed(1)}; target ≤ 100 ms, orders list < 100 kB`,
    "| page or reply | empty shop | at scale |",
    "|---|---|---|",
  ];
  for (const [i, e] of r.empty.entries()) {
    const f = r.full[i];
    lines.push(`| \`${e.path}\` | ${Math.round(e.medianMs)} ms (${kb(e.bytes)}) | ${Math.round(f.medianMs)} ms (${kb(f.bytes)}) |`);
  }
  return lines.join("\n");
}
