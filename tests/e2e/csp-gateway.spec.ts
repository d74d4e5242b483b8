import { expect, test } from "./fixtures";
import { GATEWAY_PORT } from "./shops";

// Issue 31 and product.md §10: the build these tests run against was made without any RAZORPAY_*
// (playwright.config.ts), the server started with the imitation's (serve.ts). The pages that may
// open Checkout allow exactly its script and frame origin all the same; the prerendered public
// pages, which never open it, keep the build's policy without a gateway.

const gateway = `http://127.0.0.1:${GATEWAY_PORT}`;

test("the pages' CSP names the gateway the running server was given, not the build's (none)", async ({ request }) => {
  for (const path of ["/login", "/checkout/address", "/orders"]) {
    const policy = (await request.get(path, { maxRedirects: 0 })).headers()["content-security-policy"] ?? "";
    expect(policy, path).toContain(`script-src 'self' 'unsafe-inline' ${gateway};`);
    expect(policy, path).toContain(`frame-src ${gateway};`);
  }
  const menu = (await request.get("/menu")).headers()["content-security-policy"] ?? "";
  expect(menu).toContain("frame-ancestors 'none'");
  expect(menu).not.toContain(gateway);
});
