import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, securityHeaders } from "@/lib/security-headers";

// product.md §10: the CSP allows exactly the gateway's script origin and its frame origin.

const csp = (gateway?: { checkoutUrl: string; apiUrl: string }) => contentSecurityPolicy({ dev: false, gateway });

describe("the Content Security Policy and the payment gateway", () => {
  it("allows the Checkout script's origin and the API's frame origin, nothing wider", () => {
    const value = csp({ checkoutUrl: "https://checkout.razorpay.com/v1/checkout.js", apiUrl: "https://api.razorpay.com" });
    expect(value).toContain("script-src 'self' 'unsafe-inline' https://checkout.razorpay.com;");
    expect(value).toContain("frame-src https://api.razorpay.com;");
    expect(value).not.toMatch(/\*|https:\/\/\*|razorpay\.com\/v1/);
  });

  it("allows no gateway when none is configured", () => {
    expect(csp()).not.toContain("razorpay");
    expect(csp()).not.toContain("frame-src");
  });

  it("is, in next.config.ts's build-time headers, the policy without a gateway: proxy.ts adds it at run time", () => {
    const built = securityHeaders({ dev: false }).find((h) => h.key === "Content-Security-Policy")!.value;
    expect(built).toBe(csp());
  });
});
