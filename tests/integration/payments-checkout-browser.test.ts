import { createServer, type Server } from "node:http";
import { testBrowserPath } from "@/tests/support/browser-path";
import AxeBuilder from "@axe-core/playwright";
import { chromium, type Browser, type Page } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PaymentGateway } from "@/lib/payments/gateway";
import { startGatewayImitation, type GatewayImitation } from "@/imitations/razorpay/server";
import { razorpayGateway } from "@/lib/payments/razorpay";

// The imitation's Checkout in Chromium, on a blank page of another origin, opened with the options
// Razorpay's Checkout takes: Pay hands the page a signature the adapter accepts, Fail emits
// payment.failed, Esc and Close dismiss. No shop involved: the order flow wires this later.

let imitation: GatewayImitation;
let gateway: PaymentGateway;
let site: Server;
let siteUrl: string;
let browser: Browser;

const page = (checkoutUrl: string) => `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Shop</title>
<script src="${checkoutUrl}"></script></head><body><main><h1>Checkout</h1><button id="open" type="button">Pay online</button></main>
<script>
  window.outcome = null;
  document.getElementById("open").addEventListener("click", function () {
    var q = new URLSearchParams(location.search);
    var rzp = new Razorpay({
      key: q.get("key"), order_id: q.get("order"), amount: 27900, currency: "INR", name: "Fresh Bowl",
      prefill: { name: "Asha", email: "asha@example.com", contact: "9876543210" },
      handler: function (r) { window.outcome = { type: "paid", response: r }; },
      modal: { ondismiss: function () { window.outcome = { type: "dismissed" }; } }
    });
    rzp.on("payment.failed", function (r) { window.outcome = { type: "failed", response: r }; });
    rzp.open();
  });
</script></body></html>`;

beforeAll(async () => {
  imitation = await startGatewayImitation();
  gateway = razorpayGateway(imitation.credentials);
  site = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(page(imitation.checkoutUrl));
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  const address = site.address();
  // "localhost" against the imitation's 127.0.0.1: two origins, as a shop and Razorpay are.
  siteUrl = `http://localhost:${typeof address === "object" && address ? address.port : 0}`;
  browser = await chromium.launch({ executablePath: testBrowserPath() });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await imitation?.close();
  await new Promise<void>((resolve) => site.close(() => resolve()));
});

async function openCheckout(amount = 279): Promise<{ page: Page; orderId: string }> {
  const order = await gateway.createOrder({ amount, currency: "INR", receipt: "browser-test" });
  // A context of its own: axe needs one, and each test starts with no state of another.
  const page = await (await browser.newContext()).newPage();
  page.on("pageerror", (e) => console.error("[page error]", e.message));
  page.on("console", (m) => m.type() === "error" && console.error("[console]", m.text()));
  await page.goto(`${siteUrl}/?key=${imitation.credentials.keyId}&order=${order.id}`);
  await page.getByRole("button", { name: "Pay online" }).click();
  return { page, orderId: order.id };
}

// The open one: a closed Checkout's frame is hidden at once but removed a moment later.
const checkoutFrame = (page: Page) => page.frameLocator('iframe[title="Razorpay Checkout"]:visible');

const outcome = (page: Page) =>
  page.waitForFunction(() => (window as unknown as { outcome: unknown }).outcome, undefined, { timeout: 5000 }).then((h) => h.jsonValue());

describe("the imitation's Checkout in Chromium", () => {
  it("shows the gateway order's amount in an accessible dialog; Pay by UPI gives the page a valid signature", async () => {
    const { page, orderId } = await openCheckout(279);
    const frame = checkoutFrame(page);
    const dialog = frame.getByRole("dialog", { name: "Pay Fresh Bowl" });
    await dialog.getByText("₹279.00").waitFor();
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    // The dialog itself was checked, not only the blank page around its frame.
    expect(axe.passes.some((rule) => rule.id === "button-name" && rule.nodes.some((n) => n.target.length === 2))).toBe(true);
    await frame.getByRole("radio", { name: "UPI" }).check();
    await frame.getByRole("button", { name: "Pay", exact: true }).click();
    const result = (await outcome(page)) as {
      type: string;
      response: { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string };
    };
    expect(result.type).toBe("paid");
    const { razorpay_payment_id, razorpay_order_id, razorpay_signature } = result.response;
    expect(razorpay_order_id).toBe(orderId);
    expect(gateway.verifyPayment(orderId, razorpay_payment_id, razorpay_signature)).toBe(true);
    expect(await gateway.fetchPayment(razorpay_payment_id)).toMatchObject({ orderId, amount: 279, status: "captured", method: "upi" });
    await expect.poll(() => page.locator("[data-razorpay-imitation]").count()).toBe(0);
    await page.context().close();
  });

  it("Fail records a failed payment and emits payment.failed with Razorpay's error shape", async () => {
    const { page, orderId } = await openCheckout();
    await checkoutFrame(page).getByRole("button", { name: "Fail" }).click();
    const result = (await outcome(page)) as {
      type: string;
      response: { error: { code: string; reason: string; metadata: { order_id: string; payment_id: string } } };
    };
    expect(result.type).toBe("failed");
    expect(result.response.error).toMatchObject({ code: "BAD_REQUEST_ERROR", reason: "payment_failed", metadata: { order_id: orderId } });
    expect(await gateway.fetchPayment(result.response.error.metadata.payment_id)).toMatchObject({ status: "failed", orderId });
    await page.context().close();
  });

  it("Esc dismisses (modal.ondismiss), as does the Close button, and nothing is paid", async () => {
    const { page, orderId } = await openCheckout();
    const frame = checkoutFrame(page);
    await frame.getByRole("button", { name: "Pay", exact: true }).waitFor();
    await page.keyboard.press("Escape");
    expect(await outcome(page)).toEqual({ type: "dismissed" });
    await page.evaluate(() => ((window as unknown as { outcome: unknown }).outcome = null));
    await page.getByRole("button", { name: "Pay online" }).click();
    await frame.getByRole("button", { name: "Close" }).click();
    expect(await outcome(page)).toEqual({ type: "dismissed" });
    expect(imitation.payments().filter((p) => p.order_id === orderId)).toEqual([]);
    await page.context().close();
  });
});
