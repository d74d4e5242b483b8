import { existsSync } from "node:fs";
import { mkdir, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

// Tests tagged @alone (they time the server) run while no other worker runs a test: each worker
// marks a file while its test runs, and an @alone test first claims the one writer's file, then
// waits for the other workers' marks to go. A worker only starts a test while no @alone test has
// claimed the machine. Files in a folder of this run's own (playwright.config.ts names it).

const folder = path.join(os.tmpdir(), `fresh-bowl-e2e-locks-${process.env.E2E_RUN_ID ?? "local"}`);
const writer = path.join(folder, "alone");
const mark = (slot: number) => path.join(folder, `running-${slot}`);
const pause = () => new Promise((r) => setTimeout(r, 200));

/** Holds this worker slot's share of the machine for one test; returns the release. */
export async function runBeside(slot: number): Promise<() => Promise<void>> {
  await mkdir(folder, { recursive: true });
  for (;;) {
    await writeFile(mark(slot), "");
    // Marked first, then looked: an @alone test that claims the machine after this sees the mark.
    if (!existsSync(writer)) return () => rm(mark(slot), { force: true });
    await rm(mark(slot), { force: true });
    await pause();
  }
}

/** Holds the whole machine for one test, once every other worker's test has ended; returns the release. */
export async function runAlone(slot: number): Promise<() => Promise<void>> {
  await mkdir(folder, { recursive: true });
  for (;;) {
    try {
      await writeFile(writer, String(slot), { flag: "wx" });
      break;
    } catch {
      await pause();
    }
  }
  while ((await readdir(folder)).some((f) => f.startsWith("running-") && f !== `running-${slot}`)) await pause();
  return () => rm(writer, { force: true });
}
