// Lighthouse 13, default (mobile) config, through its own CLI in a child process: it launches
// and closes Chromium itself, and a crash in a run cannot take the bench down. Each page runs
// twice in a row and the run with the better performance score counts, with the
// benchmarkIndex (the machine's speed as Lighthouse saw it) of that run.
import { execFile } from "node:child_process";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { CHROME_FLAGS, chromiumPath } from "./config";

const run = promisify(execFile);

export type LighthouseScores = {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  benchmarkIndex: number;
  /** Every run's performance score, to show how much they disagreed. */
  runs: number[];
  warnings: string[];
};

/** The few fields of Lighthouse's result (LHR) the bench reads. */
type Lhr = {
  categories: Record<"performance" | "accessibility" | "best-practices" | "seo", { score: number | null }>;
  audits: Record<string, { numericValue?: number } | undefined>;
  environment: { benchmarkIndex: number };
  runtimeError?: { code: string; message: string };
  runWarnings?: string[];
};

const score = (s: number | null) => Math.round((s ?? 0) * 100);

async function executable(): Promise<string> {
  return chromiumPath() ?? (await import("@playwright/test")).chromium.executablePath();
}

async function once(url: string, extraHeaders: Record<string, string> | undefined, outFile: string): Promise<Lhr> {
  const args = [
    path.join("node_modules", "lighthouse", "cli", "index.js"),
    url,
    "--output=json",
    `--output-path=${outFile}`,
    "--quiet",
    `--chrome-flags=${CHROME_FLAGS.join(" ")}`,
    "--only-categories=performance,accessibility,best-practices,seo",
    ...(extraHeaders ? [`--extra-headers=${JSON.stringify(extraHeaders)}`] : []),
  ];
  await run(process.execPath, args, {
    env: { ...process.env, CHROME_PATH: await executable() },
    timeout: 180_000,
    maxBuffer: 16 * 2 ** 20,
  });
  const lhr = JSON.parse(await readFile(outFile, "utf8")) as Lhr;
  if (lhr.runtimeError) throw new Error(`Lighthouse could not measure ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  return lhr;
}

/** Three runs of one page; the median run's scores (by performance). Its full report stays in .bench/lighthouse/. */
export async function lighthousePage(browserBase: string, page: string, extraHeaders?: Record<string, string>): Promise<LighthouseScores> {
  const dir = path.join(".bench", "lighthouse");
  await mkdir(dir, { recursive: true });
  const name = page === "/" ? "home" : page.replace(/^\//, "").replace(/[^a-z0-9]+/gi, "-");
  const runs: Lhr[] = [];
  for (const n of [1, 2, 3]) runs.push(await once(browserBase + page, extraHeaders, path.join(dir, `${name}.run${n}.json`)));
  // The median, as these shared machines swing single runs by several points.
  const best = [...runs].sort((a, b) => score(a.categories.performance.score) - score(b.categories.performance.score))[1];
  await writeFile(path.join(dir, `${name}.json`), JSON.stringify(best));
  await Promise.all([1, 2].map((n) => rm(path.join(dir, `${name}.run${n}.json`), { force: true })));
  return {
    page,
    performance: score(best.categories.performance.score),
    accessibility: score(best.categories.accessibility.score),
    bestPractices: score(best.categories["best-practices"].score),
    seo: score(best.categories.seo.score),
    lcpMs: best.audits["largest-contentful-paint"]?.numericValue ?? NaN,
    tbtMs: best.audits["total-blocking-time"]?.numericValue ?? NaN,
    cls: best.audits["cumulative-layout-shift"]?.numericValue ?? NaN,
    benchmarkIndex: Math.round(best.environment.benchmarkIndex),
    runs: runs.map((r) => score(r.categories.performance.score)),
    warnings: best.runWarnings ?? [],
  };
}
