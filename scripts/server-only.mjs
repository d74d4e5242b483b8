// `node --import ./scripts/server-only.mjs …` (or `tsx --import …`): the programs Node runs
// directly (npm start, the worker, the migrator, the seed, benchmarks, load tests) load the same
// lib/ modules as the shop's server, and those carry `import "server-only"`. Outside React's
// server build that package resolves to its throwing entry; here it resolves to the empty module
// it exports under the "react-server" condition. Only that one specifier gets the condition: the
// whole process under --conditions=react-server would load React's server builds everywhere,
// and react-dom/server (the mail templates) refuses to run there.
import { register } from "node:module";
import { isMainThread } from "node:worker_threads";

/** @type {import("node:module").ResolveHook} */
export async function resolve(specifier, context, nextResolve) {
  if (specifier !== "server-only") return nextResolve(specifier, context);
  return nextResolve(specifier, { ...context, conditions: [...context.conditions, "react-server"] });
}

// Module hooks run in a thread of their own, which loads this file again: register once, from
// the program's thread.
if (isMainThread) register(import.meta.url);
