import "server-only";
import { env } from "@/lib/env";

// MAIL_WORKER=off (or 0, false): the server only queues mail and separate `npm run worker`
// processes send it.
export function mailWorkerSwitchedOff(): boolean {
  return env().mailWorkerOff;
}
