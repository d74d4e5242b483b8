import "server-only";
import { lastAddressOf } from "@/lib/orders/queries";
import { checkPin, listDeliveryAreas } from "@/lib/store/delivery-areas";
import { SITE } from "@/lib/site";
import type { AreaTerms } from "@/lib/cart/delivery-terms";

/**
 * The delivery terms the cart can show before this checkout has an address: those of the PIN the
 * customer last ordered to, or, with no delivery areas defined, the shop-wide fee every PIN pays
 * (product.md §9); null when the fee depends on a PIN not known yet, or that PIN is not served.
 */
export async function knownDeliveryTerms(userId: string): Promise<AreaTerms | null> {
  const saved = await lastAddressOf(userId);
  if (!saved && (await listDeliveryAreas()).length > 0) return null;
  // Without areas every PIN is served alike, so the shop's own stands in for the customer's.
  const check = await checkPin(saved?.zip ?? SITE.address.postalCode);
  return check.delivers ? check.area : null;
}
