import path from "node:path";
import { describe, expect, it } from "vitest";
import { sourceGraph } from "@/tests/support/source-graph";

// The layout rules of docs/architecture.md that a reviewer would otherwise check by hand: small
// files and no import cycles (server-only modules: tests/unit/server-only.test.ts).

const MAX_LINES = 250;
const source = sourceGraph(["app", "components", "lib"]);
const files = source.files;
// Type-only imports count: a file that needs another's types depends on it as much as on its code.
const graph = new Map(files.map((f) => [f, source.dependsOn(f)]));

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
    expect(graph.get(path.join("app", "api", "orders", "route.ts"))).toContain(path.join("lib", "flows", "place-order.ts"));
  });

  it(`keeps every file in app/, components/ and lib/ at ${MAX_LINES} lines or fewer`, () => {
    const long = files.map((f) => ({ f, lines: source.text(f).split("\n").length })).filter(({ lines }) => lines > MAX_LINES);
    expect(long).toEqual([]);
  });

  it("has no import cycles", () => {
    expect(findCycle()).toBeNull();
  });
});
