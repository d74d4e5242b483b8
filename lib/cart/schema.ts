import { z } from "zod";
import { rowIdSchema } from "@/lib/db/schema";
import { PORTION_KEYS } from "@/lib/portions";
import { isAllowedImageUrl, PLACEHOLDER_IMAGE } from "@/lib/menu/schema";
import { cartIdOf, MAX_LINE_QUANTITY } from "@/lib/cart/lines";
import type { CartLine, LinePrices } from "@/lib/cart/types";

// zod schemas for what the cart reads from outside itself (client-safe): the cart saved in
// localStorage, which an older shop, another tab or a person with the developer tools may have
// written, and the order API's answer when the cart's prices are stale. Neither may break a page.

const rupees = z.number().int().min(0);

const cartLineSchema = z
  .object({
    cartId: z.string(),
    id: rowIdSchema(),
    name: z.string().trim().min(1).max(200),
    // The image goes into <Image>: only what an admin may save (https: or a site path).
    image: z.string().refine(isAllowedImageUrl).catch(PLACEHOLDER_IMAGE),
    portion: z.enum(PORTION_KEYS),
    price: rupees,
    // A line saved before the limit existed keeps its item, at the most the order API takes.
    quantity: z
      .number()
      .int()
      .min(1)
      .transform((q) => Math.min(q, MAX_LINE_QUANTITY)),
  })
  // Lines are matched by cartId, so it must be the one the cart's own rule gives.
  .refine((l) => l.cartId === cartIdOf(l.id, l.portion)) satisfies z.ZodType<CartLine>;

/** zustand's saved form: `{ state: { lines }, version }`; any version, as each line is checked. */
const storedCartSchema = z.object({ state: z.object({ lines: z.array(z.unknown()) }) });

/**
 * The lines of the cart saved as `text`, whatever was saved, without ever throwing: text that is
 * no saved cart gives an empty cart, a line that does not parse (or repeats a cartId) is dropped
 * and the others are kept.
 */
export function storedCartLines(text: string | null): CartLine[] {
  if (!text) return [];
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return [];
  }
  const stored = storedCartSchema.safeParse(data);
  if (!stored.success) return [];
  const lines: CartLine[] = [];
  for (const raw of stored.data.state.lines) {
    const line = cartLineSchema.safeParse(raw);
    if (line.success && !lines.some((l) => l.cartId === line.data.cartId)) lines.push(line.data);
  }
  return lines;
}

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
