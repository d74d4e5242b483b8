// One row of `npm run bench` on a stack of its own (`npm run bench:kitchen`, `bench:rider`), for
// trying a change in a minute instead of five. NEXT_DIST_DIR picks the build (e.g. the code
// before a change, built with NEXT_DIST_DIR=.next-before npm run build).
import { distDir } from "./config";
import { describeMachine, machineLine } from "./machine";
import { pickLines, signIn, type OrderLine, type Session } from "./orders";
import { BenchError, requireBuild, startStack, stopOnSignal, type Stack } from "./server";

/** Starts the shop, signs in as the bench admin, runs `measure`, prints the lines it answers, stops. */
export function benchOneRow(
  name: string,
  what: string,
  measure: (stack: Stack, session: Session, lines: OrderLine[]) => Promise<string[]>,
) {
  const say = (msg: string) => console.error(`[${name}] ${msg}`);
  async function main() {
    requireBuild();
    say(machineLine(await describeMachine()));
    say(`starting PostgreSQL and the shop (${distDir()}) …`);
    const stack = await startStack();
    stopOnSignal(stack.stop);
    try {
      const session = await signIn(stack.base);
      const lines = await pickLines(stack.base);
      say(`${what} …`);
      for (const line of await measure(stack, session, lines)) console.log(line);
    } finally {
      await stack.stop();
    }
  }
  main().catch((error: unknown) => {
    console.error(error instanceof BenchError ? `[${name}] ${error.message}` : error);
    process.exitCode = 1;
  });
}
