import { z } from "zod";
import { orderInputSchema } from "@/lib/orders/schema";
import { buyerSchema } from "@/lib/billing/buyer-schema";
import { couponCodeSchema } from "@/lib/offers/schema";

// POST /api/orders' body (product.md §4): the order, a business buyer for its bill (§11) and a coupon code (§13).
// Composed here, above both domains: the bill's rules are billing's, the order's are orders'.

export const placeOrderInputSchema = orderInputSchema.extend({ buyer: buyerSchema, couponCode: couponCodeSchema.nullish() });

export type PlaceOrderInput = z.output<typeof placeOrderInputSchema>;
