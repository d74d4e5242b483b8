// What the figures were measured on, read at run time: throughput depends on it, and the
// machines these runs happen on are shared and drift.
import { execFileSync } from "node:child_process";
import os from "node:os";
import { chromiumPath } from "./config";

export type Machine = {
  cores: number;
  cpu: string;
  memoryGiB: number;
  node: string;
  chromium: string;
  commit: string;
  /** 1-minute load average when the bench started and when it ended (on 2 cores, above 1 at the start means someone else is busy). */
  loadAtStart: number;
  loadAtEnd?: number;
};

function quiet(command: string, args: string[]): string | undefined {
  try {
    return execFileSync(command, args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"], timeout: 20_000 }).trim();
  } catch {
    return undefined;
  }
}

async function chromiumVersion(): Promise<string> {
  const executable = chromiumPath() ?? (await import("@playwright/test")).chromium.executablePath();
  return quiet(executable, ["--version"])?.split("\n")[0] ?? `unknown (${executable})`;
}

export async function describeMachine(): Promise<Machine> {
  return {
    cores: os.availableParallelism(),
    cpu: os.cpus()[0]?.model.trim() ?? "unknown",
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    chromium: await chromiumVersion(),
    commit: quiet("git", ["rev-parse", "--short", "HEAD"]) ?? "unknown",
    loadAtStart: os.loadavg()[0],
  };
}

export function machineLine(m: Machine): string {
  const load = `load ${m.loadAtStart.toFixed(2)}${m.loadAtEnd === undefined ? "" : ` → ${m.loadAtEnd.toFixed(2)}`}`;
  return `${m.cores} cores (${m.cpu}), ${m.memoryGiB} GiB, Node ${m.node}, ${m.chromium}, commit ${m.commit}, ${load}`;
}
