import { z } from "zod";

// The refund form's rules, the same as POST /api/orders/{id}/refund's (the agreed API): whole
// rupees from 1, a reason of 1 to 200 characters. The most that may be refunded is left to the
// server, which knows what is left at the moment it refunds, and answers at the amount field.

export const REASON_MAX = 200;

export const refundFormSchema = z.object({
  amount: z.number({ error: "Enter the amount in whole rupees." }).int("Enter the amount in whole rupees.").min(1, "Refund at least ₹1."),
  reason: z.string().trim().min(1, "Say why the order is refunded.").max(REASON_MAX, `Keep the reason to ${REASON_MAX} characters.`),
});

export type RefundForm = z.infer<typeof refundFormSchema>;
