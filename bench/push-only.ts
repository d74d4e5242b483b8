// `npm run bench:push`: only the push row of `npm run bench` (issue 35), on a stack of its own.
import { describeMachine, machineLine } from "./machine";
import { pickLines, signIn } from "./orders";
import { pushLatency, pushSetup } from "./push";
import { BenchError, requireBuild, startStack, stopOnSignal } from "./server";

const PUSH_TARGET_MS = 2_000;
const say = (msg: string) => console.error(`[push] ${msg}`);

async function main() {
  requireBuild();
  say(machineLine(await describeMachine()));
  const push = await pushSetup();
  say("starting PostgreSQL and the shop, with a push service over https …");
  const stack = await startStack(push.serverEnv);
  stopOnSignal(async () => {
    await stack.stop();
    await push.service.close();
  });
  try {
    const session = await signIn(stack.base);
    const r = await pushLatency(stack.base, session, await pickLines(stack.base), push.service);
    const pass = r.medianMs <= PUSH_TARGET_MS ? "pass" : "FAIL";
    console.log(
      `status change → push at the push service: median ${Math.round(r.medianMs)} ms (runs ${r.runsMs.map(Math.round).join("/")} ms; target ≤ ${PUSH_TARGET_MS} ms) ${pass}`,
    );
  } finally {
    await stack.stop();
    await push.service.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof BenchError ? `[push] ${error.message}` : error);
  process.exitCode = 1;
});
