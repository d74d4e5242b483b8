// `npm run bench:profile-orders`: where POST /api/orders spends its time. Starts the shop with
// V8's sampling profiler on in each of its Node processes (NODE_OPTIONS reaches the Next server,
// which scripts/start.ts spawns with its own environment; see bench/cpu-profiler.mjs for why it
// is a preload and not --cpu-prof), runs only the order load, stops the shop with SIGTERM (the
// profile is written on a clean exit) and summarises the server's profile: top functions and
// packages by self time, counted only while the measured load ran.
// Output: the terminal and .bench/orders-profile.txt; the raw profiles stay in .bench/prof/.
import { mkdir, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { config } from "./config";
import { summarise, formatSummary, type CpuProfile } from "./cpuprofile";
import { describeMachine, machineLine } from "./machine";
import { pickLines, placeOneOrder, runOrderLoad, signIn } from "./orders";
import { BenchError, requireBuild, startStack, stopOnSignal } from "./server";

const say = (msg: string) => console.error(`[profile] ${msg}`);
const PROFILE_DIR = path.resolve(".bench", "prof");
const SECONDS = config.profileSeconds;

/** The profile clock: V8 stamps samples with CLOCK_MONOTONIC µs, which process.hrtime also reads on Linux. */
const nowUs = () => Number(process.hrtime.bigint() / 1000n);

async function largestProfile(): Promise<string> {
  const files = (await readdir(PROFILE_DIR)).filter((f) => f.endsWith(".cpuprofile")).map((f) => path.join(PROFILE_DIR, f));
  if (!files.length)
    throw new BenchError(`No .cpuprofile in ${PROFILE_DIR}: the server did not exit cleanly, or NODE_OPTIONS did not reach it.`);
  const sizes = await Promise.all(files.map(async (f) => ({ f, size: (await stat(f)).size })));
  // The tsx launcher and the start script write small profiles too; the server's is the big one.
  return sizes.sort((a, b) => b.size - a.size)[0].f;
}

async function main() {
  requireBuild();
  const machine = await describeMachine();
  say(machineLine(machine));
  await rm(PROFILE_DIR, { recursive: true, force: true });
  await mkdir(PROFILE_DIR, { recursive: true });

  const profiler = pathToFileURL(path.resolve("bench", "cpu-profiler.mjs")).href;
  const nodeOptions = [process.env.NODE_OPTIONS, `--import=${profiler}`].filter(Boolean).join(" ");
  say("starting PostgreSQL and the shop with the CPU profiler …");
  const stack = await startStack({ NODE_OPTIONS: nodeOptions, BENCH_CPU_PROF_DIR: PROFILE_DIR });
  stopOnSignal(stack.stop);
  let window: { from: number; to: number };
  let orders;
  try {
    const session = await signIn(stack.base);
    const lines = await pickLines(stack.base);
    await placeOneOrder(stack.base, session, lines);
    say(`warm-up ${config.warmupSeconds} s, then ${SECONDS} s of POST /api/orders with ${config.connections} connections …`);
    await runOrderLoad(stack.base, session, lines, { seconds: config.warmupSeconds, warmUp: false });
    const from = nowUs();
    orders = await runOrderLoad(stack.base, session, lines, { seconds: SECONDS, warmUp: false });
    window = { from, to: nowUs() };
    say(`${Math.round(orders.rps)} orders/s, p99 ${Math.round(orders.p99Ms)} ms, ${orders.non2xx} non-2xx, ${orders.errors} errors`);
  } finally {
    say("stopping the shop (SIGTERM, so the profile is written) …");
    await stack.stop();
  }

  const file = await largestProfile();
  const profile = JSON.parse(await readFile(file, "utf8")) as CpuProfile;
  // Only the measured load counts, not the server's start or the warm-up. Should the clocks not
  // line up (another OS), fall back to the whole profile and say so.
  const overlaps = window.from >= profile.startTime && window.to <= profile.endTime;
  const summary = summarise(profile, process.cwd(), overlaps ? window : undefined);
  const header = [
    `POST /api/orders CPU profile, ${new Date().toISOString()}`,
    `machine: ${machineLine(machine)}`,
    `load: ${config.connections} connections, ${SECONDS} s, ${Math.round(orders.rps)} orders/s, p99 ${Math.round(orders.p99Ms)} ms, ${orders.non2xx + orders.errors} errors`,
    `profile: ${path.relative(process.cwd(), file)}, ${overlaps ? `${summary.windowMs.toFixed(0)} ms window of the measured load` : "whole process lifetime (the load window could not be placed)"}`,
    "",
  ].join("\n");
  const text = header + formatSummary(summary) + "\n";
  await writeFile(path.join(".bench", "orders-profile.txt"), text);
  console.log(text);
  console.log("written to .bench/orders-profile.txt");
}

main().catch((error) => {
  console.error(error instanceof BenchError ? error.message : error);
  process.exit(1);
});
