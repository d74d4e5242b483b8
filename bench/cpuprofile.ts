// Summarises a V8 .cpuprofile (node --cpu-prof): self time per function and per package.
//
// The production server runs Turbopack bundles (.next/server/chunks/*.js) in which our code,
// zod, next-auth and the rest are minified together, so a profile's own file names say little.
// Each frame is mapped back through the chunk's source map (Next writes them next to the
// chunks) to the original file, and from there to its package.
import { existsSync, readFileSync } from "node:fs";
import { SourceMap } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
export type CpuProfile = { nodes: ProfileNode[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] };

type FunctionTime = { name: string; file: string; group: string; selfMs: number };
export type ProfileSummary = {
  /** Milliseconds of samples inside the window (all samples when no window is given). */
  totalMs: number;
  windowMs: number;
  functions: FunctionTime[];
  /**
   * `chargedMs`: self time plus the Node-internal and V8-builtin work (zlib, crypto, socket
   * writes, microtasks) it called, charged to the nearest calling package. Self time alone puts
   * next-auth's key derivation under "node (internals)", for instance.
   */
  groups: Array<{ group: string; selfMs: number; chargedMs: number }>;
};

const SPECIAL = new Set(["(garbage collector)", "(idle)", "(program)", "(root)"]);

/** What the order confirmation mail's plain-text version pulls in (@react-email/render → html-to-text). */
const MAIL_TEXT_PACKAGES = new Set([
  "html-to-text",
  "selderee",
  "@selderee/plugin-htmlparser2",
  "parseley",
  "leac",
  "peberminta",
  "deepmerge-ts",
  "htmlparser2",
  "domhandler",
  "domutils",
  "dom-serializer",
  "entities",
]);

/** Groups that are not a package: time the caller-charging walks past. */
const NATIVE_GROUPS = new Set(["node (internals)", "(V8 builtins, native)"]);

/** Issue 6's buckets; any other package is reported under its own name. */
function groupOf(pkg: string, inPackage: string): string {
  // Next vendors React (app router): its copy is React's cost, not Next's.
  if (pkg === "next" && /^next\/dist\/compiled\/(react|react-dom|scheduler)(-experimental)?\//.test(inPackage)) return "react-dom";
  if (pkg === "next" || pkg.startsWith("@next/")) return "next";
  if (pkg === "react-dom" || pkg === "react" || pkg === "scheduler") return "react-dom";
  if (pkg.startsWith("@prisma/") || pkg === "prisma") return "@prisma/*";
  if (pkg === "pg" || pkg.startsWith("pg-")) return "pg";
  if (pkg === "jose" || pkg === "next-auth" || pkg === "@panva/hkdf") return "jose/next-auth";
  if (pkg.startsWith("@react-email/") || MAIL_TEXT_PACKAGES.has(pkg)) return "@react-email (+ html-to-text)";
  return pkg;
}

/** `node_modules/@scope/name/…` or `node_modules/name/…` → the package name (the innermost node_modules wins). */
function packageOf(file: string): string | undefined {
  const parts = file.split("/");
  const at = parts.lastIndexOf("node_modules");
  if (at < 0 || at + 1 >= parts.length) return undefined;
  return parts[at + 1].startsWith("@") ? `${parts[at + 1]}/${parts[at + 2]}` : parts[at + 1];
}

type Origin = { file: string; line: number; group: string; name?: string };

class Locator {
  private maps = new Map<string, SourceMap | null>();
  constructor(private root: string) {}

  private mapFor(file: string): SourceMap | null {
    if (!this.maps.has(file)) {
      const mapFile = `${file}.map`;
      let map: SourceMap | null = null;
      if (file.includes(`${path.sep}.next`) && existsSync(mapFile)) {
        try {
          map = new SourceMap(JSON.parse(readFileSync(mapFile, "utf8")));
        } catch {
          map = null; // unreadable map: the frame keeps its bundle location
        }
      }
      this.maps.set(file, map);
    }
    return this.maps.get(file) ?? null;
  }

  private classify(absolute: string, line: number, name?: string): Origin {
    const file = decodeURIComponent(absolute);
    const pkg = packageOf(file);
    if (pkg) {
      const inPackage = file.slice(file.lastIndexOf(`node_modules/${pkg}/`) + "node_modules/".length);
      return { file: `${inPackage}:${line}`, line, group: groupOf(pkg, inPackage), name };
    }
    const relative = path.relative(this.root, file);
    // Turbopack's own runtime ships with Next.
    if (file.includes("[turbopack]")) return { file: `[turbopack]/${file.split("[turbopack]/").pop()}:${line}`, line, group: "next", name };
    if (relative.startsWith(".next")) return { file: `${relative}:${line}`, line, group: "next (build output)", name };
    if (!relative.startsWith("..") && !path.isAbsolute(relative)) return { file: `${relative}:${line}`, line, group: "our code", name };
    return { file: `${file}:${line}`, line, group: "other", name };
  }

  locate(frame: CallFrame): Origin {
    const { url } = frame;
    const line = frame.lineNumber + 1;
    if (SPECIAL.has(frame.functionName) && !url) return { file: "", line: 0, group: frame.functionName };
    if (!url) return { file: "(V8 builtin or native)", line: 0, group: "(V8 builtins, native)" };
    if (url.startsWith("node:")) return { file: `${url}:${line}`, line, group: "node (internals)" };
    // The only WebAssembly the server runs is Prisma 7's query compiler.
    if (url.startsWith("wasm://")) return { file: url, line, group: "@prisma/*" };
    const file = url.startsWith("file://") ? fileURLToPath(url) : url;
    const map = this.mapFor(file);
    if (map) {
      const entry = map.findEntry(frame.lineNumber, frame.columnNumber) as {
        originalSource?: string;
        originalLine?: number;
        name?: string;
      };
      if (entry.originalSource) {
        const source = entry.originalSource.replace(/^turbopack:\/\/\//, "");
        const absolute = source.startsWith("[turbopack]") ? source : path.resolve(path.dirname(file), source);
        return this.classify(absolute, (entry.originalLine ?? 0) + 1, entry.name);
      }
    }
    return this.classify(file, line);
  }
}

/** Self time of each sample: the time until the next sample (how Chrome DevTools counts it). */
function selfTimes(profile: CpuProfile, window?: { from: number; to: number }): Map<number, number> {
  const self = new Map<number, number>();
  let t = profile.startTime;
  const times = profile.timeDeltas.map((d) => (t += d));
  for (let i = 0; i < profile.samples.length; i++) {
    if (window && (times[i] < window.from || times[i] > window.to)) continue;
    const next = i + 1 < times.length ? times[i + 1] : profile.endTime;
    self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + Math.max(0, next - times[i]));
  }
  return self;
}

/** `window` is in the profile's clock (µs, CLOCK_MONOTONIC on Linux, like process.hrtime). */
export function summarise(profile: CpuProfile, root: string, window?: { from: number; to: number }): ProfileSummary {
  const locator = new Locator(root);
  const self = selfTimes(profile, window);
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const origins = new Map(profile.nodes.map((n) => [n.id, locator.locate(n.callFrame)]));
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  /** The group of the nearest caller that is not Node or V8 itself (the node's own group if none is). */
  const chargedGroup = (id: number): string => {
    const own = origins.get(id)!.group;
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const group = origins.get(at)!.group;
      if (!NATIVE_GROUPS.has(group)) return NATIVE_GROUPS.has(own) && group !== "(root)" ? group : own;
    }
    return own;
  };

  const byFunction = new Map<string, FunctionTime>();
  const byGroup = new Map<string, { selfMs: number; chargedMs: number }>();
  const groupEntry = (g: string) => byGroup.get(g) ?? byGroup.set(g, { selfMs: 0, chargedMs: 0 }).get(g)!;
  for (const [id, us] of self) {
    const node = nodes.get(id)!;
    const origin = origins.get(id)!;
    const name = node.callFrame.functionName || origin.name || "(anonymous)";
    const key = `${name}\0${origin.file}`;
    const entry = byFunction.get(key) ?? { name, file: origin.file, group: origin.group, selfMs: 0 };
    entry.selfMs += us / 1000;
    byFunction.set(key, entry);
    groupEntry(origin.group).selfMs += us / 1000;
    groupEntry(chargedGroup(id)).chargedMs += us / 1000;
  }
  const totalMs = [...byGroup.values()].reduce((a, b) => a + b.selfMs, 0);
  return {
    totalMs,
    windowMs: window ? (window.to - window.from) / 1000 : (profile.endTime - profile.startTime) / 1000,
    functions: [...byFunction.values()].sort((a, b) => b.selfMs - a.selfMs),
    groups: [...byGroup.entries()].map(([group, t]) => ({ group, ...t })).sort((a, b) => b.chargedMs - a.chargedMs || b.selfMs - a.selfMs),
  };
}

function table(header: string[], rows: string[][], rightAligned: number[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const cell = (v: string, i: number) => (rightAligned.includes(i) ? v.padStart(widths[i]) : v.padEnd(widths[i]));
  const line = (r: string[]) => r.map(cell).join("  ").trimEnd();
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

export function formatSummary(s: ProfileSummary, top = 20): string {
  const pct = (ms: number) => `${((ms / s.totalMs) * 100).toFixed(1)}%`;
  const functions = table(
    ["self ms", "%", "function", "file", "package"],
    s.functions.slice(0, top).map((f) => [f.selfMs.toFixed(0), pct(f.selfMs), f.name.slice(0, 50), f.file.slice(0, 90), f.group]),
    [0, 1],
  );
  const groups = table(
    ["self ms", "%", "with node/V8 work it called", "%", "package"],
    s.groups.map((g) => [g.selfMs.toFixed(0), pct(g.selfMs), g.chargedMs.toFixed(0), pct(g.chargedMs), g.group]),
    [0, 1, 2, 3],
  );
  return [
    `Top ${top} functions by self time (${s.totalMs.toFixed(0)} ms of samples):`,
    functions,
    "",
    "Self time by package; then the same with Node-internal and V8-builtin work (zlib, crypto, socket writes, microtasks) charged to the package that called it:",
    groups,
  ].join("\n");
}
