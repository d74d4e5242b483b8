import type { DeliveryArea } from "@/lib/store/types";

// Which delivery area serves a PIN code and what delivery costs there (product.md §9): pure, so
// the order, the check and the cart all read the same rule.

/**
 * The area whose pattern matches `pin` most specifically (a full PIN beats any prefix, a longer
 * prefix a shorter one); null when none does.
 */
export function areaForPin<A extends Pick<DeliveryArea, "pins">>(areas: readonly A[], pin: string): A | null {
  let best: { area: A; length: number } | null = null;
  for (const area of areas) {
    for (const pattern of area.pins) {
      if (pin.startsWith(pattern) && (!best || pattern.length > best.length)) best = { area, length: pattern.length };
    }
  }
  return best?.area ?? null;
}

/** The delivery fee of an order with `subtotal` to `area`; without areas defined, `defaultFee` (DELIVERY_FEE). */
export function deliveryFeeFor(area: Pick<DeliveryArea, "fee" | "freeDeliveryFrom"> | null, subtotal: number, defaultFee: number): number {
  if (!area) return defaultFee;
  return area.freeDeliveryFrom !== null && subtotal >= area.freeDeliveryFrom ? 0 : area.fee;
}
