// `npm run bench:pwa`: only the installable shop's rows of `npm run bench` (issue 35): the service
// worker's precache, /menu's first-load JS and (unless BENCH_LIGHTHOUSE=0) /menu's Lighthouse
// rows, on a stack of its own, in about half a minute (a minute more with Lighthouse).
import { config } from "./config";
import { firstLoadJs } from "./first-load";
import { lighthousePage } from "./lighthouse";
import { describeMachine, machineLine } from "./machine";
import { signIn } from "./orders";
import { PRECACHE_TARGET_BYTES, precacheSize } from "./precache";
import { BenchError, requireBuild, startStack, stopOnSignal } from "./server";
import { FIRST_LOAD_TARGETS_KB } from "./table";

const say = (msg: string) => console.error(`[pwa] ${msg}`);
const MENU_FIRST_LOAD_TARGET_KB = FIRST_LOAD_TARGETS_KB["/menu"];

async function main() {
  requireBuild();
  say(machineLine(await describeMachine()));
  const stack = await startStack();
  stopOnSignal(stack.stop);
  try {
    const precache = await precacheSize(stack.browserBase);
    const [menu] = await firstLoadJs(stack.browserBase, ["/menu"], await signIn(stack.base));
    const verdict = (ok: boolean) => (ok ? "PASS" : "FAIL");
    console.log(
      `service worker precache: ${precache.entries} entries, ${(precache.bytes / 1000).toFixed(1)} kB (target ≤ ${PRECACHE_TARGET_BYTES / 1000} kB) ${verdict(precache.bytes <= PRECACHE_TARGET_BYTES)}`,
    );
    console.log(
      `first-load JS /menu (gzip): ${menu.kB.toFixed(1)} kB in ${menu.scripts} files (target ≤ ${MENU_FIRST_LOAD_TARGET_KB} kB) ${verdict(menu.kB <= MENU_FIRST_LOAD_TARGET_KB)}`,
    );
    if (config.lighthouse) {
      const lh = await lighthousePage(stack.browserBase, "/menu");
      console.log(
        `Lighthouse mobile /menu: perf ${lh.performance} (runs ${lh.runs.join("/")}), a11y ${lh.accessibility}, bp ${lh.bestPractices}, seo ${lh.seo}, benchmarkIndex ${Math.round(lh.benchmarkIndex)} (target median perf ≥ 90) ${verdict(lh.performance >= 90)}`,
      );
    }
  } finally {
    await stack.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof BenchError ? `[pwa] ${error.message}` : error);
  process.exitCode = 1;
});
