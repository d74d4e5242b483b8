// One production instance of the shop: the real start script (`npm start`: migrations under the
// advisory lock, seed, admin, then dist/server.mjs on the build) against the shared database,
// on its own port, in its own process group so a SIGKILL takes the whole instance down at once,
// as a crashed machine or container would.
import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, openSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tsxArgs } from "@/tests/support/tsx";

export type Instance = {
  name: string;
  base: string;
  logFile: string;
  /** The process group of the running start script (tsx → start.ts → dist/server.mjs). */
  pid: () => number | undefined;
  /** Times this instance's processes ended without the run asking them to. */
  unexpectedExits: Array<{ at: number; code: number | null; signal: string | null }>;
  start: () => Promise<void>;
  kill: () => Promise<void>;
  stop: () => Promise<void>;
};

async function logTail(file: string, lines = 40): Promise<string> {
  const text = await readFile(file, "utf8").catch(() => "");
  return text.split("\n").slice(-lines).join("\n");
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** Polls until the instance answers its menu from the database (no fixed sleeps). */
async function waitUntilServing(instance: Instance, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited(child))
      throw new Error(
        `${instance.name} exited during start (${child.exitCode ?? child.signalCode}). Its log:\n${await logTail(instance.logFile)}`,
      );
    try {
      const res = await fetch(`${instance.base}/api/menu`, { signal: AbortSignal.timeout(5_000) });
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${instance.name} did not serve within ${timeoutMs / 1000} s. Its log:\n${await logTail(instance.logFile)}`);
}

export function defineInstance(name: string, port: number, env: NodeJS.ProcessEnv, logFile: string): Instance {
  let child: ChildProcess | undefined;
  let expectingExit = false;
  const instance: Instance = {
    name,
    base: `http://127.0.0.1:${port}`,
    logFile,
    unexpectedExits: [],
    pid: () => child?.pid,
    start: async () => {
      expectingExit = false;
      const log = openSync(logFile, "a");
      const started = spawn(process.execPath, tsxArgs(process.cwd(), "scripts/start.ts", "start"), {
        env: { ...env, PORT: String(port) },
        // The server's output goes to a file, never to a pipe nobody reads (it would stall once full).
        stdio: ["ignore", log, log],
        detached: true,
      });
      closeSync(log);
      started.on("exit", (code, signal) => {
        if (!expectingExit) instance.unexpectedExits.push({ at: Date.now(), code, signal });
      });
      child = started;
      await waitUntilServing(instance, started);
    },
    kill: async () => {
      if (!child || exited(child)) return;
      expectingExit = true;
      const done = new Promise<void>((resolve) => child!.once("exit", () => resolve()));
      process.kill(-child.pid!, "SIGKILL");
      await done;
    },
    stop: async () => {
      if (!child || exited(child)) return;
      expectingExit = true;
      const running = child;
      const done = new Promise<void>((resolve) => running.once("exit", () => resolve()));
      // The start script forwards SIGTERM to the server, which closes its connections and stops the mail worker.
      running.kill("SIGTERM");
      const timer = setTimeout(() => {
        try {
          process.kill(-running.pid!, "SIGKILL");
        } catch {
          // Already gone.
        }
      }, 20_000);
      await done;
      clearTimeout(timer);
    },
  };
  return instance;
}
