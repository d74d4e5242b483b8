import { afterAll, beforeAll, inject } from "vitest";
import { startMailCapture, type MailCapture } from "@/tests/support/mail-capture";
import { resetEnvCache } from "@/lib/env";
import { disconnectDb } from "@/lib/db";

// Each test file talks to the run's PostgreSQL and sends mail through the real Resend SDK
// to a local capture server.

export let mailbox: MailCapture;

Object.assign(process.env, {
  DATABASE_URL: inject("databaseUrl"),
  AUTH_SECRET: "integration-test-secret-integration-test-secret",
  APP_URL: "http://localhost:3000",
  RESEND_API_KEY: "re_test_key",
  TRUST_PROXY: "true",
  NODE_ENV: "test",
});

beforeAll(async () => {
  mailbox = await startMailCapture();
  process.env.RESEND_BASE_URL = mailbox.url;
  resetEnvCache();
});

afterAll(async () => {
  await mailbox.close();
  await disconnectDb();
});
