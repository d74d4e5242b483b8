// The fault drill of the main phase: at 20% of its time instance A's whole process group gets
// SIGKILL and is started again; once it serves (and at 55% at the earliest) PostgreSQL is stopped
// (fast shutdown), left down `pgDownSeconds`, and started again on the same port.
import type { LoadConfig } from "./config";
import type { Instance } from "./instances";
import type { RestartableDb } from "./postgres";
import { outcomes, sleep } from "./requests";
import { firstSuccess, type Faults } from "./windows";

export type DrillResult = { faults: Faults; servedAfterPg: boolean[]; survivorKeptPid: boolean };

/** Resolves once `instance` has served a successful request sent after `after`. */
async function recovered(instance: number, after: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (firstSuccess(outcomes, instance, after) < Infinity) return true;
    await sleep(100);
  }
  return false;
}

/** Runs the drill from `start`; resolves once both instances served after PostgreSQL came back (or gave up). */
export async function runDrill(
  instances: Instance[],
  db: RestartableDb,
  start: number,
  config: LoadConfig,
  say: (msg: string) => void,
): Promise<DrillResult> {
  const at = (fraction: number) => start + fraction * config.seconds * 1000;
  const survivorPid = instances[1].pid();
  const faults = { killed: 0 } as Faults;

  await sleep(at(0.2) - Date.now());
  faults.killAt = Date.now();
  await instances[0].kill();
  say(`${instances[0].name} SIGKILLed; restarting it`);
  faults.restartedAt = Date.now();
  await instances[0].start();
  faults.readyAt = Date.now();
  say(`${instances[0].name} serving again after ${((faults.readyAt - faults.killAt) / 1000).toFixed(1)} s (pid ${instances[0].pid()})`);

  await sleep(Math.max(at(0.55), faults.readyAt + 2_000) - Date.now());
  faults.pgStopAt = Date.now();
  await db.stop();
  faults.pgStoppedAt = Date.now();
  say(`PostgreSQL stopped (${faults.pgStoppedAt - faults.pgStopAt} ms); starting it again in ${config.pgDownSeconds} s`);
  await sleep(config.pgDownSeconds * 1000);
  faults.pgStartAt = Date.now();
  await db.start();
  faults.pgStartedAt = Date.now();
  say(`PostgreSQL accepting connections again (${faults.pgStartedAt - faults.pgStartAt} ms)`);

  const servedAfterPg = await Promise.all(instances.map((_, i) => recovered(i, faults.pgStartedAt, 60_000)));
  say(
    `after the PostgreSQL restart: ${instances.map((inst, i) => `${inst.name} ${servedAfterPg[i] ? "serving" : "NOT serving"}`).join(", ")}`,
  );
  await sleep(Math.max(at(1), Date.now() + config.tailSeconds * 1000) - Date.now());
  return { faults, servedAfterPg, survivorKeptPid: instances[1].pid() === survivorPid && instances[1].unexpectedExits.length === 0 };
}
