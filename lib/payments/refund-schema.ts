import { z } from "zod";

// What an admin sends to refund a delivered order (product.md §10), shared by the admin form and
// POST /api/orders/{id}/refund (client-safe). Whole rupees; the most that is left is the server's
// to check, under the order's lock.

const REFUND_REASON_MAX = 200;

export const refundRequestSchema = z.object({
  amount: z
    .number({ error: "Enter the amount to refund in whole rupees." })
    .int("Enter the amount to refund in whole rupees.")
    .min(1, "The refund amount must be at least ₹1.")
    .max(1_000_000, "That amount is more than any order."),
  reason: z
    .string({ error: "Give a reason for the refund." })
    .trim()
    .min(1, "Give a reason for the refund.")
    .max(REFUND_REASON_MAX, `Keep the reason to ${REFUND_REASON_MAX} characters.`),
});

export type RefundRequest = z.infer<typeof refundRequestSchema>;
