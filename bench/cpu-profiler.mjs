// Preloaded into the shop's Node processes by `npm run bench:profile-orders`
// (NODE_OPTIONS=--import=<this file>): V8's sampling profiler, written as a .cpuprofile when the
// process exits, like `node --cpu-prof`.
//
// Why not --cpu-prof itself: Node 20 refuses it in NODE_OPTIONS ("--cpu-prof is not allowed in
// NODE_OPTIONS"), and NODE_OPTIONS is the only way into the server process that
// scripts/start.ts spawns. Plain JavaScript because the server runs without the tsx loader (server/bundle.ts).
import { Session } from "node:inspector";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

const dir = process.env.BENCH_CPU_PROF_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  session.post("Profiler.enable");
  // 1 ms, the same interval as --cpu-prof's default.
  session.post("Profiler.setSamplingInterval", { interval: 1000 });
  session.post("Profiler.start");
  // A same-thread inspector session answers synchronously, so this works inside "exit", which
  // every clean shutdown reaches (server/main.ts ends with process.exit after SIGTERM).
  process.on("exit", () => {
    session.post("Profiler.stop", (error, result) => {
      if (error) return;
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, `CPU.${Date.now()}.${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
