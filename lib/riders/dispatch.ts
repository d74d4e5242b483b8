import "server-only";
import type { Transaction } from "@/lib/db/types";
import type { OrderStatus } from "@/lib/orders/status";

// The shop's own port to whoever carries an order to the door (docs/architecture.md: outside
// services sit behind a port of ours). The kitchen's own riders (own-riders.ts) are its first
// adapter; a courier (Porter, Borzo, ONDC logistics) comes later as a second one that alone knows
// its API, its names and its webhooks. The port speaks ONDC's fulfilment words; the flows
// (lib/flows/dispatch-order.ts) turn them into the order's own statuses through the one move
// every status change takes, so mails, bills, history and live updates follow as for an admin.

/** ONDC's fulfilment states, in ONDC's own spelling. */
export const FULFILMENT_STATES = ["Agent-assigned", "Order-picked-up", "Out-for-delivery", "Order-delivered"] as const;

export type FulfilmentState = (typeof FULFILMENT_STATES)[number];

/** What a dispatch provider reports, in our words: the order, what happened, and the agent (a rider's user id for our own). */
export type FulfilmentEvent = { orderId: string; state: FulfilmentState; agentId: string | null };

/** The order a dispatch works on, read under its row lock. */
export type DispatchOrder = {
  id: string;
  status: OrderStatus;
  riderId: string | null;
  handoverCode: string;
  handoverAttempts: number;
};

/** What a handover at the door came to: delivered, or a wrong code with the tries left. */
type HandoverOutcome = { delivered: FulfilmentEvent } | { wrong: { attemptsLeft: number } };

export interface DispatchPort {
  /** Hands the order to an agent, or takes it back (`agentId` null); what the provider reports. */
  assign(tx: Transaction, order: DispatchOrder, agentId: string | null): Promise<FulfilmentEvent | null>;
  /** The agent has the order in hand. */
  pickup(tx: Transaction, order: DispatchOrder): Promise<FulfilmentEvent>;
  /** The agent gives the order over against the customer's code. */
  handover(tx: Transaction, order: DispatchOrder, code: string): Promise<HandoverOutcome>;
  /** The orders were cancelled: the provider stops carrying them. */
  cancel(tx: Transaction, orderIds: string[]): Promise<void>;
  /** A provider's webhook body, translated into our events; [] for anything it does not report. */
  webhook(body: unknown): FulfilmentEvent[];
}

/**
 * The order status a fulfilment state brings, and the statuses it may come from; null for a
 * state that moves no status (an agent assigned).
 */
export function statusMoveFor(state: FulfilmentState): { to: OrderStatus; from: OrderStatus[] } | null {
  switch (state) {
    case "Agent-assigned":
      return null;
    case "Order-picked-up":
    case "Out-for-delivery":
      return { to: "out_for_delivery", from: ["confirmed", "preparing"] };
    case "Order-delivered":
      return { to: "delivered", from: ["out_for_delivery"] };
  }
}
