// Runs the given npm scripts at once and fails if any fails, printing each one's output whole
// when it ends (so two scripts' lines never interleave). `npm test` runs its static checks this
// way: ESLint, Prettier, knip and tsc each use one core, and CI's machines have two.
import { spawn } from "node:child_process";

const scripts = process.argv.slice(2);
const results = await Promise.all(
  scripts.map(
    (name) =>
      new Promise((resolve) => {
        const child = spawn("npm", ["run", "--silent", name], { stdio: ["ignore", "pipe", "pipe"] });
        let output = "";
        child.stdout.on("data", (chunk) => (output += chunk));
        child.stderr.on("data", (chunk) => (output += chunk));
        child.on("close", (code) => {
          process.stdout.write(`--- npm run ${name}: ${code === 0 ? "ok" : `failed (${code})`}\n${output}`);
          resolve(code === 0);
        });
      }),
  ),
);
process.exit(results.every(Boolean) ? 0 : 1);
