import "server-only";

// MAIL_WORKER=off (or 0, false): the server only queues mail and separate `npm run worker`
// processes send it. Read here, not in lib/env.ts, because the worker's starter runs before
// anything else in the server and must not fail on an unrelated variable.
export function mailWorkerSwitchedOff(): boolean {
  return ["off", "0", "false"].includes((process.env.MAIL_WORKER ?? "").trim().toLowerCase());
}
