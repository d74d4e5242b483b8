import { z } from "zod";
import type { ApiOrder, OrderActor } from "@/lib/orders/types";

// What a queued mail job may hold (client-safe, like every domain's schema.ts). The worker parses
// every payload with it before composing: a job table is data from outside the process.

/**
 * An order as placement.ts placed it, written by the same statement as the order: checked only for
 * what the mail cannot do without (validating every field again would cost the worker more than
 * the read it saves).
 */
const placedOrderSnapshot = z.custom<ApiOrder>(
  (value) => {
    const order = value as Partial<ApiOrder> | null;
    return typeof order?.id === "string" && typeof order.user?.email === "string" && Array.isArray(order.items);
  },
  { message: "not a placed order" },
);

/**
 * The moves a customer is mailed about (product.md §7); the others (confirmed, preparing) show
 * on the order's page, and a mail for each would be noise.
 */
const STATUS_MAIL_STATUSES = ["out_for_delivery", "delivered", "cancelled"] as const;

export type StatusMailStatus = (typeof STATUS_MAIL_STATUSES)[number];

export function isStatusMailStatus(status: string): status is StatusMailStatus {
  return (STATUS_MAIL_STATUSES as readonly string[]).includes(status);
}

const ORDER_ACTORS = ["customer", "admin", "system"] as const satisfies readonly OrderActor[];

/** A sealed link (lib/email/seal.ts): the raw token never lies in the job table in clear. */
const sealedLink = z.string().startsWith("v1.");

export const mailJobSchema = z.discriminatedUnion("mail", [
  z.object({ mail: z.literal("confirm-email"), userId: z.string().min(1), link: sealedLink }),
  z.object({ mail: z.literal("reset-password"), userId: z.string().min(1), link: sealedLink }),
  // The id, and the order as it was placed when the placing statement wrote it (`order`): the
  // worker then sends without reading it back (one round trip per order less, measured in
  // bench/README.md). A job with the id alone (hand-written SQL, jobs queued before) is read.
  z.object({ mail: z.literal("order-confirmation"), orderId: z.string().min(1), order: placedOrderSnapshot.optional() }),
  // Written by the statement that moves the order (lib/orders/status-changes.ts): where it went,
  // when and by whom, as the history recorded it; the order itself is read when the mail is sent.
  z.object({
    mail: z.literal("order-status"),
    orderId: z.string().min(1),
    status: z.enum(STATUS_MAIL_STATUSES),
    by: z.enum(ORDER_ACTORS),
    at: z.iso.datetime(),
  }),
  // Written with the delay (lib/orders/delay.ts): the promise as that delay set it; a later delay
  // queues its own mail, so an older one finds the order promised later and is not sent.
  z.object({ mail: z.literal("order-late"), orderId: z.string().min(1), promisedBy: z.iso.datetime() }),
  // Written with the refund (lib/payments/refunds.ts): the refund and its order are read when sent.
  z.object({ mail: z.literal("refund"), refundId: z.string().min(1) }),
]);
