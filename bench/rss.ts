// The shop's memory after the load: resident set of the Next server process, found by walking
// the start script's process tree in /proc (Linux). The bench's own PostgreSQL is not in that
// tree; anything named postgres is left out anyway, so an embedded one never counts.
import { readdirSync, readFileSync } from "node:fs";

export type ProcessRss = { pid: number; command: string; rssMb: number };

function read(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return undefined; // the process ended meanwhile, or no /proc (not Linux)
  }
}

function parentOf(pid: number): number | undefined {
  const stat = read(`/proc/${pid}/stat`);
  // "pid (comm) state ppid …"; comm may contain spaces and brackets, so split after the last ")".
  const afterComm = stat?.slice(stat.lastIndexOf(")") + 2).split(" ");
  return afterComm ? Number(afterComm[1]) : undefined;
}

function processTree(rootPid: number): ProcessRss[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const pid = Number(name);
    const ppid = parentOf(pid);
    if (ppid !== undefined) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  }
  const result: ProcessRss[] = [];
  const walk = (pid: number) => {
    const command = (read(`/proc/${pid}/cmdline`) ?? "").split("\0").filter(Boolean).join(" ");
    const kb = Number(read(`/proc/${pid}/status`)?.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
    result.push({ pid, command, rssMb: Math.round(kb / 1024) });
    for (const child of children.get(pid) ?? []) walk(child);
  };
  walk(rootPid);
  return result;
}

/** The Next server's RSS in MB (the dist/server.mjs process), or the largest non-postgres one. */
export function serverRss(rootPid: number): { rssMb: number; processes: ProcessRss[] } | undefined {
  try {
    const processes = processTree(rootPid).filter((p) => !p.command.includes("postgres"));
    const server = processes.find((p) => p.command.includes("server.mjs")) ?? processes.reduce((a, b) => (b.rssMb > a.rssMb ? b : a));
    return { rssMb: server.rssMb, processes };
  } catch {
    return undefined;
  }
}

/** CPU time (user + system, ms) the shop's processes have used so far: PostgreSQL's are left out. */
export function shopCpuMs(rootPid: number): number {
  const ticksPerMs = 100 / 1000; // USER_HZ is 100 on Linux
  let ticks = 0;
  for (const p of processTree(rootPid)) {
    if (p.command.includes("postgres")) continue;
    const fields = read(`/proc/${p.pid}/stat`)
      ?.slice(read(`/proc/${p.pid}/stat`)!.lastIndexOf(")") + 2)
      .split(" ");
    // utime and stime are fields 14 and 15 of stat, i.e. 11 and 12 after "pid (comm) ".
    if (fields) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / ticksPerMs;
}
