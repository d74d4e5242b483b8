import { apiFetch } from "@/lib/client/api-client";
import type { ApiOrderWithHistory, CarriedOrder } from "@/lib/orders/types";
import type { RiderHome, RiderSettlement, RiderSummary } from "@/lib/riders/types";

// The riders' calls of product.md §12, through the shop's one API client.

const order = (id: string, step = "") => `/api/orders/${encodeURIComponent(id)}${step}`;

export const riderCalls = {
  /** The riders, those on duty and their active orders (admins). */
  list: () => apiFetch<RiderSummary[]>("GET", "/api/riders"),
  /** An admin gives the order to a rider, or (null) takes it back before pickup. */
  assign: (orderId: string, riderId: string | null) => apiFetch<ApiOrderWithHistory>("PATCH", order(orderId), { riderId }),
  /** The rider's on-duty switch, with their phone when they give it. */
  setDuty: (body: { onDuty: boolean; phone?: string }) => apiFetch<RiderHome>("PUT", "/api/riders/me", body),
  /** The order as its rider carries it (an admin's call answers the whole order). */
  pickUp: (orderId: string) => apiFetch<CarriedOrder>("POST", order(orderId, "/pickup")),
  handOver: (orderId: string, code: string) => apiFetch<CarriedOrder>("POST", order(orderId, "/handover"), { code }),
  /** Cash a rider handed in (admins). */
  settle: (riderId: string, body: { amount: number; note?: string }) =>
    apiFetch<RiderSettlement>("POST", `/api/riders/${encodeURIComponent(riderId)}/settlements`, body),
};
