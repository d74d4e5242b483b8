import { formatRupees } from "@/lib/money";
import { deliveryFeeFor } from "@/lib/store/areas";
import { notDeliveringMessage } from "@/lib/store/words";
import type { DeliveryCheck } from "@/lib/store/types";

// A delivery area's terms as the customer's pages show and apply them (product.md §9): the
// landing page's answer, the address step's hint, the cart's and payment step's fee and minimum.
// Client-safe and pure; the server applies the same rule (lib/store/areas.ts) to the order.

/** What GET /api/delivery-areas/check says about a served PIN: the area's name, fee, minimum and free-delivery threshold. */
export type AreaTerms = Extract<DeliveryCheck, { delivers: true }>["area"];

/** A PIN and the terms it was served on, as the checkout keeps them. */
export type CheckedPin = { pin: string; area: AreaTerms };

/**
 * Whether the terms are a real area's, not the shop-wide fee of an install that defines none
 * (lib/store/delivery-areas.ts answers every PIN with the area "default" then): only a real
 * area's name means something to a customer.
 */
export const isNamedArea = (area: AreaTerms) => area.id !== "default";

/** The delivery fee of an order with `subtotal` to `area` (0 from its free-delivery threshold). */
export const feeFor = (area: AreaTerms, subtotal: number) => deliveryFeeFor(area, subtotal, area.fee);

/** Rupees still missing to reach the area's minimum order (0 when it is reached). */
export const shortOfMinimum = (area: AreaTerms, subtotal: number) => Math.max(0, area.minimumOrder - subtotal);

/** "delivery ₹30, minimum order ₹200, free from ₹499" (only the parts that apply). */
export function termsWords(area: AreaTerms): string {
  const parts = [area.fee === 0 ? "free delivery" : `delivery ${formatRupees(area.fee)}`];
  if (area.minimumOrder > 0) parts.push(`minimum order ${formatRupees(area.minimumOrder)}`);
  if (area.fee > 0 && area.freeDeliveryFrom !== null) parts.push(`free from ${formatRupees(area.freeDeliveryFrom)}`);
  return parts.join(", ");
}

/** "We deliver to 560034 (Koramangala): delivery ₹30, minimum order ₹200, free from ₹499." or "We don't deliver to 110001 yet." */
export function deliveryAnswerWords(check: DeliveryCheck): string {
  if (!check.delivers) return notDeliveringMessage(check.pin);
  const where = isNamedArea(check.area) ? `${check.pin} (${check.area.name})` : check.pin;
  return `We deliver to ${where}: ${termsWords(check.area)}.`;
}
