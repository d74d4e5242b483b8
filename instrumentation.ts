// Next.js calls register() once when a server starts. The Node.js server also runs the mail
// worker (lib/email/in-server.ts; MAIL_WORKER=off to leave it to `npm run worker`). The import
// is dynamic and inside the runtime check so the edge bundle never includes graphile-worker.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startMailWorkerInServer } = await import("@/lib/email/in-server");
  startMailWorkerInServer();
}
