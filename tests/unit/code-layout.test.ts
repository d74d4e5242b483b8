import { readdirSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The layout rules of docs/architecture.md that a reviewer would otherwise check by hand: small
// files, no import cycles, and server-only modules kept out of the browser's reach.

const ROOT = path.resolve(import.meta.dirname, "../..");
const FOLDERS = ["app", "components", "lib"];
const MAX_LINES = 250;

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return rel === path.join("lib", "generated") ? [] : sourceFiles(rel);
    return /\.(ts|tsx)$/.test(entry.name) ? [rel] : [];
  });
}

const files = FOLDERS.flatMap(sourceFiles);
const text = new Map(files.map((f) => [f, readFileSync(path.join(ROOT, f), "utf8")]));

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

/** The repository files `file` imports at run time (type-only imports cannot form a cycle that runs). */
function importsOf(file: string): string[] {
  const found: string[] = [];
  for (const match of text.get(file)!.matchAll(IMPORT)) {
    if (/^\s*(import|export)\s+type\s/.test(match[0].trimStart())) continue;
    const spec = match[1] ?? match[2];
    const base = spec.startsWith("@/")
      ? path.join(ROOT, spec.slice(2))
      : spec.startsWith(".")
        ? path.resolve(ROOT, path.dirname(file), spec)
        : null;
    if (!base) continue;
    const target = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"]
      .map((ext) => base + ext)
      .find((p) => existsSync(p) && text.has(path.relative(ROOT, p)));
    if (target) found.push(path.relative(ROOT, target));
  }
  return found;
}

const graph = new Map(files.map((f) => [f, importsOf(f)]));

function findCycle(): string[] | null {
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (file: string): string[] | null => {
    if (state.get(file) === "done") return null;
    if (state.get(file) === "open") return [...stack.slice(stack.indexOf(file)), file];
    state.set(file, "open");
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(file, "done");
    return null;
  };
  for (const file of files) {
    const cycle = visit(file);
    if (cycle) return cycle;
  }
  return null;
}

describe("code layout", () => {
  it("reads the source tree (a test that found no files would pass for nothing)", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(graph.get(path.join("app", "api", "orders", "route.ts"))).toContain(path.join("lib", "orders", "placement.ts"));
  });

  it(`keeps every file in app/, components/ and lib/ at ${MAX_LINES} lines or fewer`, () => {
    const long = files.map((f) => ({ f, lines: text.get(f)!.split("\n").length })).filter(({ lines }) => lines > MAX_LINES);
    expect(long).toEqual([]);
  });

  it("has no import cycles", () => {
    expect(findCycle()).toBeNull();
  });

  it("never lets a client component reach a server-only module", () => {
    const serverOnly = new Set(files.filter((f) => /^import "server-only";/m.test(text.get(f)!)));
    const reached = (from: string, seen = new Set<string>()): string[] => {
      if (seen.has(from)) return [];
      seen.add(from);
      if (serverOnly.has(from)) return [from];
      return (graph.get(from) ?? []).flatMap((next) => reached(next, seen));
    };
    const clientFiles = files.filter((f) => /^\s*["']use client["']/.test(text.get(f)!));
    const leaks = clientFiles.flatMap((f) => reached(f).map((target) => `${f} -> ${target}`));
    expect(leaks).toEqual([]);
  });
});
