import "@/lib/validation";
import { z } from "zod";
import { printable } from "@/lib/validation";
import { gstinProblem, normaliseGstin } from "@/lib/billing/gstin";
import { GSTIN_MESSAGES } from "@/lib/billing/business-schema";

// A bill to a business (product.md §11): the buyer's GSTIN and legal name, given at the payment
// step with the order. Shared by the payment step's form and POST /api/orders (client-safe).

const buyerGstinSchema = z
  .string({ error: "Enter your business's GSTIN (15 characters)" })
  .max(40, GSTIN_MESSAGES.format)
  .transform(normaliseGstin)
  .superRefine((v, ctx) => {
    const problem = gstinProblem(v);
    if (problem) ctx.addIssue({ code: "custom", message: GSTIN_MESSAGES[problem] });
  });

export const buyerFieldsSchema = z.object(
  { gstin: buyerGstinSchema, legalName: printable("Legal name", 200) },
  { error: "buyer must be {gstin, legalName}, or null for a bill to a person" },
);

/** `buyer` of POST /api/orders: absent or null for a bill to a person. */
export const buyerSchema = buyerFieldsSchema
  .nullable()
  .optional()
  .transform((v) => v ?? null);

export type Buyer = z.output<typeof buyerFieldsSchema>;
