import { apiFetch } from "@/lib/client/api-client";
import type { ApiOrderWithHistory, CheckoutValues } from "@/lib/orders/types";
import type { PaymentProof } from "@/lib/payments/browser-checkout";

// The owner's payment calls of product.md §10, through the shop's one API client.

const orderPath = (id: string, tail = "") => `/api/orders/${encodeURIComponent(id)}${tail}`;

export const paymentCalls = {
  /** Checkout's proof; the server checks it with the gateway and answers with the paid order. */
  pay: (id: string, proof: PaymentProof) => apiFetch<ApiOrderWithHistory>("POST", orderPath(id, "/payment"), proof),
  /** Fresh Checkout values for an order still waiting for payment (`Pay now`, `Try again`). */
  checkout: (id: string) => apiFetch<CheckoutValues>("POST", orderPath(id, "/checkout")),
  /** `Pay on delivery instead`: the order goes to the kitchen, paid at the door. */
  payOnDelivery: (id: string) => apiFetch<ApiOrderWithHistory>("PATCH", orderPath(id), { paymentMethod: "Cash on Delivery" }),
};
