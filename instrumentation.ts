// Next.js calls register() once when a server starts. It points next-auth at APP_URL
// (lib/env.ts). The Node.js server also runs the job worker (lib/jobs/in-server.ts, with the
// one list of tasks, lib/flows/job-list.ts; JOB_WORKER=off to leave it to `npm run worker`) and the one database listener of live
// updates (lib/realtime/in-server.ts). The imports are dynamic and inside the runtime check so
// the edge bundle never includes graphile-worker or pg.
export async function register() {
  // Next replaces this very expression when it compiles each runtime, which is what drops the
  // imports below from the edge bundle; a read through env() would be opaque to it.
  // eslint-disable-next-line no-restricted-properties
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { pointNextAuthAtAppUrl } = await import("@/lib/env");
  pointNextAuthAtAppUrl();
  const [{ startJobWorkerInServer }, { taskList }] = await Promise.all([import("@/lib/jobs/in-server"), import("@/lib/flows/job-list")]);
  startJobWorkerInServer(taskList);
  const { startLiveUpdatesInServer } = await import("@/lib/realtime/in-server");
  startLiveUpdatesInServer();
}
