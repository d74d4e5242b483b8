import { z } from "zod";
import { printable } from "@/lib/validation";
import { phoneSchema } from "@/lib/orders/schema";
import { rowIdSchema } from "@/lib/db/schema";
import { isDateKey } from "@/lib/time";

// zod schemas of the riders' API (product.md §12), shared by the pages' forms and the handlers
// (client-safe).

/**
 * A rider's phone as the shop keeps it: +91 and the 10 digits, whatever separators were typed
 * (checked as the checkout's phone is: 10 digits, optionally +91).
 */
export const riderPhoneSchema = phoneSchema.transform((digits) => `+91${digits.slice(-10)}`);

/** PUT /api/riders/me: the on-duty switch, and the phone when it is given or changed. */
export const riderDutySchema = z.object({
  onDuty: z.boolean({ error: "onDuty must be true or false" }),
  phone: riderPhoneSchema.optional(),
});

/** PATCH /api/orders/{id} `{riderId}`: the rider to assign, or null to take the order back. */
export const assignRiderSchema = z.object({ riderId: rowIdSchema("riderId must be a rider's id, or null").nullable() });

/** POST /api/orders/{id}/handover: the 4 digits the customer gives at the door. */
export const handoverSchema = z.object({
  code: z
    .string({ error: "Enter the customer's 4-digit code" })
    .trim()
    .regex(/^\d{4}$/, "Enter the customer's 4-digit code"),
});

/** Most rupees one settlement records. */
export const SETTLEMENT_MAX = 100_000;
const AMOUNT = `amount must be whole rupees from 1 to ${SETTLEMENT_MAX}`;

/** POST /api/riders/{id}/settlements: cash handed in, in whole rupees, with an optional note. */
export const settlementSchema = z.object({
  amount: z.number({ error: AMOUNT }).int(AMOUNT).min(1, AMOUNT).max(SETTLEMENT_MAX, AMOUNT),
  note: printable("Note", 200).nullish(),
});

/** GET /api/riders/{id}/ledger?date=YYYY-MM-DD (an India day; today when left out). */
export const ledgerQuerySchema = z.object({
  date: z.string().refine(isDateKey, "date must be a calendar date written YYYY-MM-DD").optional(),
});
