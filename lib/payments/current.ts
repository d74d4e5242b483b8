import "server-only";
import type { PaymentMethodLabel } from "@/lib/orders/schema";
import { cashOnDelivery } from "@/lib/payments/cash";
import type { PaymentGateway } from "@/lib/payments/gateway";
import { razorpayGateway } from "@/lib/payments/razorpay";
import { paymentSetup } from "@/lib/payments/setup";

// The gateway this process takes online payments through, from its settings (setup.ts).
// `npm run dev` without keys starts the imitation and sets RAZORPAY_* to it (scripts/start.ts),
// so a running shop is either "gateway" or, in production without keys, "none". "record-only"
// is what is left: no keys outside production with no imitation pointed at (the test processes
// of suites about something else); UPI and Card are then written down unpaid as before §10,
// due at the door, so those suites need no gateway.

export type OnlinePayments = { kind: "gateway"; gateway: PaymentGateway } | { kind: "none" } | { kind: "record-only" };

let cached: { key: string; gateway: PaymentGateway } | undefined;

export function onlinePayments(): OnlinePayments {
  const setup = paymentSetup();
  if (setup.mode === "none") return { kind: "none" };
  if (setup.mode === "imitation") return { kind: "record-only" };
  // One adapter per set of settings (tests change them between files).
  const { keyId, keySecret, webhookSecret, apiUrl } = setup.credentials;
  const key = JSON.stringify([keyId, keySecret, webhookSecret, apiUrl]);
  if (cached?.key !== key) cached = { key, gateway: razorpayGateway(setup.credentials) };
  return { kind: "gateway", gateway: cached.gateway };
}

/**
 * The adapter an order paid by `method` goes through: Cash on Delivery's own, the online gateway
 * for UPI and Card, or Cash on Delivery's again when they are only recorded ("record-only").
 * Null: online payment is not available (production without keys).
 */
export function gatewayFor(method: PaymentMethodLabel): PaymentGateway | null {
  if (method === "Cash on Delivery") return cashOnDelivery;
  const payments = onlinePayments();
  if (payments.kind === "none") return null;
  return payments.kind === "gateway" ? payments.gateway : cashOnDelivery;
}
