import { spawn } from "node:child_process";
import { tsxArgs } from "@/tests/support/tsx";

// Runs the shop's real start script (`npm run dev` / `npm start`: tsx scripts/start.ts <mode>)
// in its own process group with exactly the environment given (plus PATH), and collects what
// it prints.

export type StartScript = {
  output: () => string;
  stderr: () => string;
  /** Resolves with the output so far once `pattern` appears; rejects if the script exits first. */
  waitFor: (pattern: RegExp, timeoutMs?: number) => Promise<string>;
  exited: Promise<number | null>;
  /** SIGINT (what Ctrl-C sends), then the whole group is killed if it has not ended in time. */
  stop: () => Promise<number | null>;
};

export function runStartScript(mode: "dev" | "start", cwd: string, env: Record<string, string>): StartScript {
  const child = spawn(process.execPath, tsxArgs(cwd, "scripts/start.ts", mode), {
    cwd,
    // start.ts sets NODE_ENV from the mode itself; given here as it will be.
    env: {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      NEXT_TELEMETRY_DISABLED: "1",
      ...env,
      NODE_ENV: mode === "dev" ? "development" : "production",
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let all = "";
  let errors = "";
  const listeners = new Set<() => void>();
  child.stdout.on("data", (chunk: Buffer) => {
    all += chunk.toString("utf8");
    listeners.forEach((l) => l());
  });
  child.stderr.on("data", (chunk: Buffer) => {
    all += chunk.toString("utf8");
    errors += chunk.toString("utf8");
    listeners.forEach((l) => l());
  });
  const exited = new Promise<number | null>((resolve) => child.once("close", (code) => resolve(code)));

  const waitFor = (pattern: RegExp, timeoutMs = 120_000) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        if (!pattern.test(all)) return;
        done();
        resolve(all);
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no ${pattern} within ${timeoutMs} ms; output:\n${all}`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        listeners.delete(check);
      };
      listeners.add(check);
      void exited.then(() => {
        if (!listeners.has(check)) return;
        done();
        if (pattern.test(all)) resolve(all);
        else reject(new Error(`the start script exited before ${pattern}; output:\n${all}`));
      });
      check();
    });

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGINT");
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        // already gone
      }
    }, 30_000);
    const code = await exited;
    clearTimeout(timer);
    return code;
  };

  return { output: () => all, stderr: () => errors, waitFor, exited, stop };
}
