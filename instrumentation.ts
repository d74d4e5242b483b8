// Next.js calls register() once when a server starts. The Node.js server also runs the mail
// worker (lib/email/in-server.ts; MAIL_WORKER=off to leave it to `npm run worker`) and the one
// database listener of live updates (lib/realtime/in-server.ts). The imports are dynamic and
// inside the runtime check so the edge bundle never includes graphile-worker or pg.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startMailWorkerInServer } = await import("@/lib/email/in-server");
  startMailWorkerInServer();
  const { startLiveUpdatesInServer } = await import("@/lib/realtime/in-server");
  startLiveUpdatesInServer();
}
