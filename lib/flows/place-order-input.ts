import { z } from "zod";
import { orderInputSchema } from "@/lib/orders/schema";
import { buyerSchema } from "@/lib/billing/buyer-schema";

// POST /api/orders' body (product.md §4): the order, and a business buyer for its bill (§11).
// Composed here, above both domains: the bill's rules are billing's, the order's are orders'.

export const placeOrderInputSchema = orderInputSchema.extend({ buyer: buyerSchema });

export type PlaceOrderInput = z.output<typeof placeOrderInputSchema>;
