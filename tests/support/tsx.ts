import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * Node's arguments to run one of the shop's TypeScript programs as its npm scripts do: under
 * tsx, with `server-only` resolved to its empty module (scripts/server-only.mjs), since the
 * lib/ modules these programs load carry that marker.
 */
export function tsxArgs(cwd: string, program: string, ...args: string[]): string[] {
  const hook = pathToFileURL(path.join(cwd, "scripts", "server-only.mjs")).href;
  return [path.join(cwd, "node_modules", "tsx", "dist", "cli.mjs"), "--import", hook, program, ...args];
}
