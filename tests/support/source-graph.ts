import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

// The repository's own TypeScript files and the imports between them, read as text, for the
// tests that check the layout rules (tests/unit/code-layout.test.ts, server-only.test.ts).

const ROOT = path.resolve(import.meta.dirname, "../..");

/** Every .ts/.tsx file under `dir` (relative to the root), generated code left out. */
function sourceFiles(dir: string): string[] {
  if (!existsSync(path.join(ROOT, dir))) return [];
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return rel === path.join("lib", "generated") || entry.name === "node_modules" ? [] : sourceFiles(rel);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [rel] : [];
  });
}

// `import x from "y"`, `export … from "y"`, `import("y")` and the bare `import "y"`.
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|(?:^|\n)\s*import\s+["']([^"']+)["']/g;

export type SourceGraph = {
  files: string[];
  text: (file: string) => string;
  /** What `file` imports at run time (type-only imports load nothing), as written. */
  specifiers: (file: string) => string[];
  /** The repository files among those. */
  imports: (file: string) => string[];
  /** The repository files `file` imports, type-only imports included (what a reader depends on). */
  dependsOn: (file: string) => string[];
};

export function sourceGraph(folders: string[]): SourceGraph {
  const files = folders.flatMap((f) => (/\.tsx?$/.test(f) ? (existsSync(path.join(ROOT, f)) ? [f] : []) : sourceFiles(f)));
  const text = new Map(files.map((f) => [f, readFileSync(path.join(ROOT, f), "utf8")]));
  const specifiers = new Map<string, string[]>();
  const imports = new Map<string, string[]>();
  const dependsOn = new Map<string, string[]>();
  for (const file of files) {
    const specs: string[] = [];
    const found: string[] = [];
    const all: string[] = [];
    for (const match of text.get(file)!.matchAll(IMPORT)) {
      const typeOnly = /^\s*(import|export)\s+type\s/.test(match[0].trimStart());
      const spec = match[1] ?? match[2] ?? match[3];
      if (!typeOnly) specs.push(spec);
      const base = spec.startsWith("@/")
        ? path.join(ROOT, spec.slice(2))
        : spec.startsWith(".")
          ? path.resolve(ROOT, path.dirname(file), spec)
          : null;
      if (!base) continue;
      const target = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"].map((ext) => base + ext).find((p) => text.has(path.relative(ROOT, p)));
      if (!target) continue;
      all.push(path.relative(ROOT, target));
      if (!typeOnly) found.push(path.relative(ROOT, target));
    }
    specifiers.set(file, specs);
    imports.set(file, found);
    dependsOn.set(file, all);
  }
  return {
    files,
    text: (file) => text.get(file) ?? "",
    specifiers: (file) => specifiers.get(file) ?? [],
    imports: (file) => imports.get(file) ?? [],
    dependsOn: (file) => dependsOn.get(file) ?? [],
  };
}

/** Every file `from` loads, itself included, following the graph's imports. */
export function reachable(graph: SourceGraph, from: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...from];
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...graph.imports(file));
  }
  return seen;
}

export const isClientModule = (source: string) => /^\s*["']use client["']/.test(source);
export const hasServerOnlyMarker = (source: string) => /^import "server-only";/m.test(source);
