// `npm run bench:scale`: only the scale row of `npm run bench` (issue 37), on a stack of its own:
// the admin's pages on an empty shop, then with a million orders. BENCH_SCALE_ORDERS writes fewer
// (or more) for a quicker look; NEXT_DIST_DIR picks the build.
import os from "node:os";
import { distDir } from "./config";
import { describeMachine, machineLine } from "./machine";
import { formatScale, scaleRow } from "./scale";
import { MILLION } from "./scale-data";
import { BenchError, requireBuild } from "./server";

const say = (msg: string) => console.error(`[scale] ${msg}`);

async function main() {
  requireBuild();
  say(machineLine(await describeMachine()));
  say(`starting PostgreSQL and the shop (${distDir()}) …`);
  const orders = Number(process.env.BENCH_SCALE_ORDERS ?? MILLION.orders);
  const shape = { ...MILLION, orders, active: Math.min(MILLION.active, Math.floor(orders / 10)) };
  console.log(formatScale(await scaleRow(say, shape, () => os.loadavg()[0])));
}

main().catch((error: unknown) => {
  console.error(error instanceof BenchError ? `[scale] ${error.message}` : error);
  process.exitCode = 1;
});
