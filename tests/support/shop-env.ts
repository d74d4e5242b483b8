// The environment of a shop started through its real start script (scripts/start.ts) for the
// e2e tests and the bench: mail to a capture server, UPI and cards at the local imitation of
// Razorpay, the admin to seed, and India time kept whatever the machine's zone.
import { randomBytes } from "node:crypto";
import type { GatewayImitation } from "@/imitations/razorpay/server";
import type { MailCapture } from "@/tests/support/mail-capture";

type ShopEnvOptions = {
  port: number;
  /** FRESH_BOWL_DATA_DIR: the shop's private folder. */
  dataDir: string;
  mail: Pick<MailCapture, "url">;
  /** The Resend key the shop is given (any string: the capture server takes every key). */
  resendKey: string;
  gateway: Pick<GatewayImitation, "credentials" | "url" | "checkoutUrl">;
  admin: { email: string; password: string };
};

/** This process's environment with the shop's own variables over it. */
export function shopEnv({ port, dataDir, mail, resendKey, gateway, admin }: ShopEnvOptions): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    FRESH_BOWL_DATA_DIR: dataDir,
    // The real Resend SDK, sending to the capture server (the SDK honours RESEND_BASE_URL).
    RESEND_API_KEY: resendKey,
    RESEND_BASE_URL: mail.url,
    RAZORPAY_KEY_ID: gateway.credentials.keyId,
    RAZORPAY_KEY_SECRET: gateway.credentials.keySecret,
    RAZORPAY_WEBHOOK_SECRET: gateway.credentials.webhookSecret,
    RAZORPAY_API_URL: gateway.url,
    RAZORPAY_CHECKOUT_URL: gateway.checkoutUrl,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    // Production refuses to start without one.
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    // The shop keeps India time whatever the machine's zone (product.md §9): the server (and, in
    // the e2e run, its embedded PostgreSQL) runs in Los Angeles, so any time read in the
    // process's zone shows.
    TZ: "America/Los_Angeles",
  };
}
