import { z } from "zod";
import type { CartLine, LinePrices } from "@/lib/cart/types";

// zod schemas for what the checkout reads from outside itself (client-safe): the order API's
// answer when the cart's prices are stale. (The cart saved in localStorage is read in
// stored-cart.ts, without zod, since every page reads it.)

const rupees = z.number().int().min(0);

/** The extra fields of the order API's 409 `price_changed`: each line's current unit price, and the new total. */
const priceChangedSchema = z.object({ prices: z.array(rupees), total: rupees });

/**
 * The current prices the server quoted for the lines `sent`, by cartId, and the new total; null
 * when the reply is not such a quote (or not for these lines). The server answers per requested
 * item, in the order of the request, which was built from `sent`: that request is the only place
 * a position means anything, and the prices leave here keyed by cartId.
 */
export function quotedPrices(sent: CartLine[], extra: unknown): { prices: LinePrices; total: number } | null {
  const quote = priceChangedSchema.safeParse(extra);
  if (!quote.success || quote.data.prices.length !== sent.length) return null;
  const { prices, total } = quote.data;
  return { prices: new Map(sent.map((l, i) => [l.cartId, prices[i]])), total };
}
