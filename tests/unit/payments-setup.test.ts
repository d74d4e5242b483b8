import { afterEach, describe, expect, it } from "vitest";
import { env, resetEnvCache } from "@/lib/env";
import { paymentSetup } from "@/lib/payments/setup";

// Which gateway the shop uses (product.md §1, §10): keys → Razorpay at RAZORPAY_API_URL; no keys
// → the imitation outside production, none (Cash on Delivery only) in production.

const NAMES = [
  "NODE_ENV",
  "RAZORPAY_KEY_ID",
  "RAZORPAY_KEY_SECRET",
  "RAZORPAY_WEBHOOK_SECRET",
  "RAZORPAY_API_URL",
  "RAZORPAY_CHECKOUT_URL",
] as const;
// NODE_ENV is read-only in Node's types; these tests set it as a deployment would.
const vars: Record<string, string | undefined> = process.env;
const saved = Object.fromEntries(NAMES.map((n) => [n, vars[n]]));

function withEnv(values: Partial<Record<(typeof NAMES)[number], string>>) {
  for (const n of NAMES) delete vars[n];
  Object.assign(vars, values);
  resetEnvCache();
}

afterEach(() => {
  for (const n of NAMES) {
    if (saved[n] === undefined) delete vars[n];
    else vars[n] = saved[n];
  }
  resetEnvCache();
});

const keys = { RAZORPAY_KEY_ID: "rzp_test_abc", RAZORPAY_KEY_SECRET: "s3cret-value", RAZORPAY_WEBHOOK_SECRET: "wh-s3cret-value" };

describe("paymentSetup", () => {
  it("uses Razorpay's own hosts by default when the keys are set, in any mode", () => {
    for (const NODE_ENV of ["development", "production", "test"]) {
      withEnv({ NODE_ENV, ...keys });
      expect(paymentSetup()).toEqual({
        mode: "razorpay",
        credentials: {
          keyId: "rzp_test_abc",
          keySecret: "s3cret-value",
          webhookSecret: "wh-s3cret-value",
          apiUrl: "https://api.razorpay.com",
        },
        checkoutUrl: "https://checkout.razorpay.com/v1/checkout.js",
      });
    }
  });

  it("points at RAZORPAY_API_URL and RAZORPAY_CHECKOUT_URL when given (tests, the imitation)", () => {
    withEnv({ ...keys, RAZORPAY_API_URL: "http://127.0.0.1:4100", RAZORPAY_CHECKOUT_URL: "http://127.0.0.1:4100/v1/checkout.js" });
    const setup = paymentSetup();
    expect(setup.mode === "razorpay" && [setup.credentials.apiUrl, setup.checkoutUrl]).toEqual([
      "http://127.0.0.1:4100",
      "http://127.0.0.1:4100/v1/checkout.js",
    ]);
  });

  it("uses the imitation without keys in development and tests, and nothing in production", () => {
    withEnv({ NODE_ENV: "development" });
    expect(paymentSetup()).toEqual({ mode: "imitation" });
    withEnv({ NODE_ENV: "test" });
    expect(paymentSetup()).toEqual({ mode: "imitation" });
    withEnv({ NODE_ENV: "production" });
    expect(paymentSetup()).toEqual({ mode: "none" });
  });

  it("treats empty values as unset (a copied .env.example)", () => {
    withEnv({ NODE_ENV: "production", RAZORPAY_KEY_ID: "", RAZORPAY_KEY_SECRET: "", RAZORPAY_WEBHOOK_SECRET: "" });
    expect(paymentSetup()).toEqual({ mode: "none" });
  });

  it("refuses a partial set of keys, naming the variables but never a value", () => {
    withEnv({ NODE_ENV: "production", RAZORPAY_KEY_ID: "rzp_live_abc", RAZORPAY_KEY_SECRET: "s3cret-value" });
    expect(() => env()).toThrow(/RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET together/);
    expect(() => env()).not.toThrow(/s3cret-value|rzp_live_abc/);
  });
});
