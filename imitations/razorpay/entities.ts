import { randomInt } from "node:crypto";

// Razorpay's JSON entities as its API returns them (snake_case, amounts in paise, Unix seconds),
// so the shop reads the imitation exactly as they read Razorpay.

export type Notes = Record<string, string>;

export type RzOrder = {
  id: string;
  entity: "order";
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: "INR";
  receipt: string | null;
  offer_id: null;
  status: "created" | "attempted" | "paid";
  attempts: number;
  // Razorpay answers an empty list, not an empty object, when an entity has no notes.
  notes: Notes | [];
  created_at: number;
};

export type RzPayment = {
  id: string;
  entity: "payment";
  amount: number;
  currency: "INR";
  status: "created" | "authorized" | "captured" | "refunded" | "failed";
  order_id: string;
  invoice_id: null;
  international: false;
  method: "upi" | "card";
  amount_refunded: number;
  refund_status: null | "partial" | "full";
  captured: boolean;
  description: string | null;
  card_id: string | null;
  bank: null;
  wallet: null;
  vpa: string | null;
  email: string | null;
  contact: string | null;
  notes: Notes | [];
  fee: number | null;
  tax: number | null;
  error_code: string | null;
  error_description: string | null;
  error_source: string | null;
  error_step: string | null;
  error_reason: string | null;
  acquirer_data: Record<string, string | null>;
  created_at: number;
};

export type RzRefund = {
  id: string;
  entity: "refund";
  amount: number;
  currency: "INR";
  payment_id: string;
  notes: Notes | [];
  receipt: null;
  acquirer_data: { arn: string | null };
  created_at: number;
  batch_id: null;
  status: "pending" | "processed" | "failed";
  speed_processed: "normal";
  speed_requested: "normal";
};

/** An error as Razorpay answers it: `{error: {code, description, source, step, reason, metadata, field}}`. */
export class RzError extends Error {
  constructor(
    readonly status: number,
    readonly description: string,
    readonly field: string | null = null,
    readonly code = status >= 500 ? "SERVER_ERROR" : "BAD_REQUEST_ERROR",
    readonly reason = "input_validation_failed",
  ) {
    super(description);
  }

  toJSON() {
    const { code, description, field, reason } = this;
    return { error: { code, description, source: "business", step: "payment_initiation", reason, metadata: {}, field } };
  }
}

export const notFound = () => new RzError(400, "The id provided does not exist", "id", "BAD_REQUEST_ERROR", "invalid_id");

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** Razorpay's ids: a prefix and 14 letters and digits, e.g. order_EKwxwAgItmmXdp. */
export function rzId(prefix: "order" | "pay" | "rfnd" | "evt" | "acc" | "card"): string {
  let id = "";
  for (let i = 0; i < 14; i++) id += ALPHABET[randomInt(ALPHABET.length)];
  return `${prefix}_${id}`;
}

export const unixNow = () => Math.floor(Date.now() / 1000);

export const notesOf = (notes: Notes | undefined): Notes | [] => (notes && Object.keys(notes).length ? notes : []);
