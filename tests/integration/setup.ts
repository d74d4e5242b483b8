import "@/tests/support/async-local-storage";
import { aroundAll, inject } from "vitest";
import { startMailCapture, type MailCapture } from "@/tests/support/mail-capture";
import { resetEnvCache } from "@/lib/env";
import { disconnectDb } from "@/lib/db";
import { startJobWorker, type JobWorker } from "@/lib/jobs/worker";
import { taskList } from "@/lib/flows/job-list";
import { workerDatabase } from "@/tests/support/database";
import { resetStore } from "@/tests/support/store";

// Each test file talks to its worker's database on the run's PostgreSQL (files run in parallel,
// one per worker at a time) and sends mail through the real Resend SDK to a local capture
// server. Mail is queued in PostgreSQL and sent by a mail worker running in this process, as it
// does inside the server: tests wait for it (waitForMail).

export let mailbox: MailCapture;

// Kept on globalThis: most files share one module graph per worker (vitest.config.mts), where a
// helper imported by an earlier file still holds that file's instance of this module, and must
// pause and see the worker and mailbox of the file running now.
const held = globalThis as unknown as { integrationJobWorker?: JobWorker; integrationMailbox?: MailCapture };

/** The running file's mail capture. */
export const currentMailbox = (): MailCapture => {
  if (!held.integrationMailbox) throw new Error("no mail capture: called outside a test file's run");
  return held.integrationMailbox;
};

const databaseUrl = await workerDatabase(inject("databaseUrl"), inject("templateDatabase"));

Object.assign(process.env, {
  DATABASE_URL: databaseUrl,
  AUTH_SECRET: "integration-test-secret-integration-test-secret",
  APP_URL: "http://localhost:3000",
  RESEND_API_KEY: "re_test_key",
  TRUST_PROXY: "true",
  NODE_ENV: "test",
});

/** Starts the mail worker (again); retries that come due are picked up within 100 ms. */
export async function resumeMailWorker() {
  held.integrationJobWorker ??= await startJobWorker({ taskList, connectionString: databaseUrl, pollInterval: 100, logLevel: "warning" });
}

/** Stops the mail worker (letting a mail in hand finish), so a test can look at queued jobs before they are sent. */
export async function pauseMailWorker() {
  await held.integrationJobWorker?.stop();
  held.integrationJobWorker = undefined;
}

// Around the whole file, so that it wraps the file's fixtures (fixtures.ts) too: they are made
// after this has started and removed before it stops, while the database is still connected.
aroundAll(async (runFile) => {
  // The shop's settings, pause and delivery areas are one per database, shared by the files a
  // worker runs one after another: each file starts from a fresh install, whatever the last left.
  await resetStore();
  mailbox = held.integrationMailbox = await startMailCapture();
  process.env.RESEND_BASE_URL = mailbox.url;
  resetEnvCache();
  await resumeMailWorker();
  try {
    await runFile();
  } finally {
    await pauseMailWorker();
    await mailbox.close();
    held.integrationMailbox = undefined;
    await disconnectDb();
  }
});
