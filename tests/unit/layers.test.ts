import { describe, expect, it } from "vitest";
import { sourceGraph } from "@/tests/support/source-graph";

// The layers of docs/architecture.md, read from the imports (type-only ones included): the kernel
// (lib/*.ts, lib/db, lib/jobs) depends on no domain; the domains (lib/<folder>) depend on each
// other in one direction only; lib/flows, the use cases that cross domains, sit above them all
// and no domain imports a flow.

const source = sourceGraph(["lib"]);
const KERNEL_FOLDERS = new Set(["db", "jobs", "generated"]);

/** The layer a file of lib/ belongs to: "kernel", or its folder's name. */
function layerOf(file: string): string {
  const parts = file.split(/[\\/]/);
  if (parts.length === 2) return "kernel";
  return KERNEL_FOLDERS.has(parts[1]) ? "kernel" : parts[1];
}

/** Every pair of layers where one imports the other, with one file that does so for the message. */
function layerEdges(): Map<string, Map<string, string>> {
  const edges = new Map<string, Map<string, string>>();
  for (const file of source.files) {
    const from = layerOf(file);
    for (const target of source.dependsOn(file)) {
      const to = layerOf(target);
      if (to === from) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      edges.get(from)!.set(to, `${file} -> ${target}`);
    }
  }
  return edges;
}

/** A cycle among the layers, as the files that make each step of it; null when there is none. */
function layerCycle(edges: Map<string, Map<string, string>>): string[] | null {
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (layer: string): string[] | null => {
    if (state.get(layer) === "done") return null;
    if (state.get(layer) === "open") {
      const cycle = [...stack.slice(stack.indexOf(layer)), layer];
      return cycle.slice(1).map((to, i) => edges.get(cycle[i])!.get(to)!);
    }
    state.set(layer, "open");
    stack.push(layer);
    for (const next of edges.get(layer)?.keys() ?? []) {
      const found = visit(next);
      if (found) return found;
    }
    stack.pop();
    state.set(layer, "done");
    return null;
  };
  for (const layer of edges.keys()) {
    const found = visit(layer);
    if (found) return found;
  }
  return null;
}

describe("layers that go one way", () => {
  const edges = layerEdges();

  it("reads the layers (a test that found none would pass for nothing)", () => {
    expect(edges.get("flows")?.has("orders")).toBe(true);
    expect(edges.get("orders")?.has("kernel")).toBe(true);
  });

  it("the kernel imports no domain", () => {
    expect([...(edges.get("kernel")?.values() ?? [])]).toEqual([]);
  });

  it("no domain imports a flow", () => {
    const intoFlows = [...edges].filter(([from, to]) => from !== "flows" && to.has("flows")).map(([, to]) => to.get("flows"));
    expect(intoFlows).toEqual([]);
  });

  it("no two domains depend on each other, directly or around a circle", () => {
    expect(layerCycle(edges)).toBeNull();
  });

  it("finds a circle when there is one (the check itself can fail)", () => {
    const circle = new Map([
      ["a", new Map([["b", "lib/a/x.ts -> lib/b/y.ts"]])],
      ["b", new Map([["a", "lib/b/y.ts -> lib/a/x.ts"]])],
    ]);
    expect(layerCycle(circle)).toEqual(["lib/a/x.ts -> lib/b/y.ts", "lib/b/y.ts -> lib/a/x.ts"]);
  });
});
