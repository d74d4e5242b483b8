// `npm run worker`: the job worker (mail, refunds, payment events, expiry) as a process of its
// own, for deployments that set JOB_WORKER=off on the shop (or want more of them). It needs the
// shop's DATABASE_URL and AUTH_SECRET (queued links are sealed with it), and RESEND_API_KEY to
// send mail; without that it only prints the mails (the dev outbox page lists only mails sent
// inside the server). Once the shop has taken a payment through Razorpay it also needs the
// RAZORPAY_* keys, and refuses to start without them (lib/payments/worker-keys.ts); and the
// shop's VAPID_* keys to send its pushes (product.md §14).
import nextEnv from "@next/env";
import { startJobWorker } from "@/lib/jobs/worker";
import { taskList } from "@/lib/flows/job-list";
import { env } from "@/lib/env";
import { missingGatewayKeys } from "@/lib/payments/worker-keys";

nextEnv.loadEnvConfig(process.cwd(), process.env.NODE_ENV !== "production");

const connectionString = process.env.DATABASE_URL;
if (!connectionString || !env().authSecret) {
  console.error(
    "[jobs] set DATABASE_URL and AUTH_SECRET to the shop's own (npm run dev / npm start run a worker inside the server already).",
  );
  process.exit(1);
}

// A database that cannot be reached now is the supervised runner's to wait for: the check is skipped then.
const missingKeys = await missingGatewayKeys().catch(() => null);
if (missingKeys) {
  console.error(missingKeys);
  process.exit(1);
}

const worker = await startJobWorker({ connectionString, taskList });
console.info(`[jobs] worker running${process.env.RESEND_API_KEY ? "" : " (no RESEND_API_KEY: mails are printed here)"}`);

let stopping = false;
async function stop(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  console.info(`[jobs] ${signal}: finishing the jobs in hand`);
  try {
    await worker.stop();
    process.exit(0);
  } catch (error) {
    console.error(`[jobs] unclean stop: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
