import "@/tests/support/async-local-storage";
import { afterEach, describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { proxy } from "@/proxy";
import { changeSettings } from "@/tests/support/settings";

// product.md §10 and issue 31: the Content Security Policy's gateway origins are the running
// server's settings, not the build's. proxy.ts sets the policy on each page it runs for from
// RAZORPAY_CHECKOUT_URL and RAZORPAY_API_URL as they are now (the e2e suite builds without any
// RAZORPAY_* and runs with them, so its Checkout only opens if this holds in a real build too).

const KEYS = { RAZORPAY_KEY_ID: "rzp_test_csp", RAZORPAY_KEY_SECRET: "csp-key-secret", RAZORPAY_WEBHOOK_SECRET: "csp-webhook-secret" };
const page = (path: string) => new NextRequest(`${process.env.APP_URL}${path}`);
const policyOf = async (path: string) => (await proxy(page(path))).headers.get("content-security-policy") ?? "";

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

describe("the pages' Content Security Policy (proxy.ts)", () => {
  it("names the gateway this server is configured with, read per request", async () => {
    restore = changeSettings({
      ...KEYS,
      RAZORPAY_CHECKOUT_URL: "http://127.0.0.1:4711/v1/checkout.js",
      RAZORPAY_API_URL: "http://127.0.0.1:4712",
    });
    // A redirect (signed out) and a page served as it is both carry it.
    for (const path of ["/checkout/payment", "/login", "/orders/some-order"]) {
      const policy = await policyOf(path);
      expect(policy, path).toContain("script-src 'self' 'unsafe-inline'");
      expect(policy, path).toMatch(/script-src [^;]* http:\/\/127\.0\.0\.1:4711(;|$)/);
      expect(policy, path).toContain("frame-src http://127.0.0.1:4712");
      expect(policy, path).toContain("frame-ancestors 'none'");
    }
    // Changed settings show at once: nothing was fixed when the module loaded.
    restore();
    restore = changeSettings({ ...KEYS, RAZORPAY_CHECKOUT_URL: undefined, RAZORPAY_API_URL: undefined });
    expect(await policyOf("/login")).toContain("https://checkout.razorpay.com");
    expect(await policyOf("/login")).toContain("frame-src https://api.razorpay.com");
  });

  it("allows no gateway without keys", async () => {
    restore = changeSettings({ RAZORPAY_KEY_ID: undefined, RAZORPAY_KEY_SECRET: undefined, RAZORPAY_WEBHOOK_SECRET: undefined });
    const policy = await policyOf("/login");
    expect(policy).toContain("default-src 'self'");
    expect(policy).not.toContain("frame-src");
    expect(policy).not.toContain("razorpay");
  });
});
