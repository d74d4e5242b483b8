import { z } from "zod";
import { orderInputSchema } from "@/lib/orders/schema";
import { buyerSchema } from "@/lib/billing/buyer-schema";
import { couponCodeSchema } from "@/lib/offers/schema";

// POST /api/orders' body (product.md §4): the order, a business buyer for its bill (§11), a coupon code (§13) and
// the customer's consent to updates on WhatsApp (§14).
// Composed here, above both domains: the bill's rules are billing's, the order's are orders'.

export const placeOrderInputSchema = orderInputSchema.extend({
  buyer: buyerSchema,
  couponCode: couponCodeSchema.nullish(),
  whatsapp: z.boolean({ error: "whatsapp must be true or false" }).optional(),
});

export type PlaceOrderInput = z.output<typeof placeOrderInputSchema>;
