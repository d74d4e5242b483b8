// `npm run bench`: page and API speed on a production build, plus the server's memory.
// Run `npm run build` first. Starts the real start script on a fresh embedded PostgreSQL,
// sends a bounded number of requests over loopback, prints latency percentiles and RSS.
import { spawn, execSync } from "node:child_process";
import { mkdtemp, rm, mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

const PORT = Number(process.env.BENCH_PORT ?? 3900);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const base = `http://127.0.0.1:${PORT}`;
const targets = ["/", "/menu", "/menu?search=chicken", "/api/menu", "/login"];

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function waitForServer(deadline: number) {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/login`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("server did not start in time");
}

async function measure(pathname: string) {
  const times: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        next += 1;
        const t = performance.now();
        const res = await fetch(`${base}${pathname}`);
        await res.arrayBuffer();
        if (!res.ok) failures += 1;
        times.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return { pathname, requests: times.length, failures, rps: Math.round(times.length / seconds), p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99) };
}

/** Largest resident set among the server's processes (the Next.js one), leaving PostgreSQL out. */
function rssOfServer(rootPid: number): number | undefined {
  const pids: number[] = [];
  const walk = (pid: number) => {
    pids.push(pid);
    const children = execSync(`pgrep -P ${pid} || true`).toString().trim().split("\n").filter(Boolean).map(Number);
    children.forEach(walk);
  };
  try {
    walk(rootPid);
    let max = 0;
    for (const pid of pids) {
      const cmd = execSync(`cat /proc/${pid}/cmdline 2>/dev/null || true`).toString();
      if (cmd.includes("postgres")) continue;
      const status = execSync(`cat /proc/${pid}/status 2>/dev/null || true`).toString();
      max = Math.max(max, Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0));
    }
    return Math.round(max / 1024);
  } catch {
    return undefined;
  }
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), "fresh-bowl-bench-"));
const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(PORT), FRESH_BOWL_DATA_DIR: dataDir, ADMIN_EMAIL: "bench@example.com", ADMIN_PASSWORD: "bench-admin-pass" };
delete env.DATABASE_URL;
const server = spawn(process.execPath, [path.join("node_modules", "tsx", "dist", "cli.mjs"), "scripts/start.ts", "start"], { env, stdio: ["ignore", "ignore", "inherit"] });
try {
  await waitForServer(Date.now() + 120_000);
  for (const t of targets) await fetch(`${base}${t}`).then((r) => r.arrayBuffer()); // warm-up
  const results = [];
  for (const t of targets) results.push(await measure(t));
  const rssMb = server.pid ? rssOfServer(server.pid) : undefined;
  console.table(results.map((r) => ({ ...r, p50: r.p50.toFixed(1), p95: r.p95.toFixed(1), p99: r.p99.toFixed(1) })));
  console.log(`server RSS after the run: ${rssMb ?? "?"} MB (${REQUESTS} requests per target, concurrency ${CONCURRENCY})`);
  await mkdir(".bench", { recursive: true });
  await writeFile(".bench/results.json", JSON.stringify({ at: new Date().toISOString(), rssMb, results }, null, 2));
} finally {
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  await rm(dataDir, { recursive: true, force: true });
}
