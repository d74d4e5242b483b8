// Bundles the shop's server (server/main.ts and the lib/ modules it imports) into one plain
// JavaScript file that Node runs as it is: `npm run build` writes it for `npm start`, and
// `npm run dev` rebuilds it on every start. A TypeScript loader (tsx) in the server process would
// stay there, hooked into every module Next loads, for the life of the server; esbuild's work is
// done once, before it starts.
// Packages stay imports, resolved from node_modules at run time, so the server loads the same
// `next` as everything else.
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Plugin } from "esbuild";

/** Where the bundle goes: outside Next's build directory, which only Next writes. */
export const SERVER_BUNDLE = path.join("dist", "server.mjs");

// The bundle runs only on the server, which is what "server-only" guards (its "react-server"
// condition resolves to an empty module): so it is one here too.
const serverOnly: Plugin = {
  name: "server-only",
  setup(b) {
    b.onResolve({ filter: /^server-only$/ }, () => ({ path: "server-only", namespace: "server-only" }));
    b.onLoad({ filter: /.*/, namespace: "server-only" }, () => ({ contents: "", loader: "js" }));
  },
};

export async function bundleServer(cwd = process.cwd()): Promise<string> {
  const outfile = path.join(cwd, SERVER_BUNDLE);
  // Loaded here, not at the top: `npm start` reads SERVER_BUNDLE without needing esbuild.
  const { build } = await import("esbuild");
  await build({
    absWorkingDir: cwd,
    entryPoints: [path.join(cwd, "server", "main.ts")],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    plugins: [serverOnly],
    logLevel: "warning",
  });
  return outfile;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const outfile = await bundleServer();
  console.log(`[fresh-bowl] server bundled into ${path.relative(process.cwd(), outfile)}`);
}
