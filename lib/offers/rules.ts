import { formatRupees } from "@/lib/money";
import { formatIndiaDateTime } from "@/lib/time";
import type { OfferRules, RefusalReason } from "@/lib/offers/types";

// The rules of a coupon (product.md §13), pure: the check, the order and the admin's list all
// read them here. Amounts in whole rupees; times compared as instants (India's wall clock is
// turned into an instant when the admin's input is read, lib/offers/schema.ts).

/** What the rules need to know about the order and its customer. */
export type CouponContext = {
  now: Date;
  subtotal: number;
  /** The fee the order pays (free_delivery gives it back). */
  deliveryFee: number;
  /** Unknown while the customer has not chosen (the cart): not refused for it then. */
  payOnline?: boolean;
  /** The customer's earlier orders that are not cancelled. */
  earlierOrders: number;
  /** The customer's uses of this code held by orders that are not cancelled. */
  customerUses: number;
  /** Everyone's uses of this code held by orders that are not cancelled. */
  totalUsed: number;
};

/** Rupees off an order: never more than the subtotal; a percent rounded down, then capped. */
export function discountOf(
  offer: Pick<OfferRules, "kind" | "amount" | "percent" | "maxDiscount">,
  subtotal: number,
  deliveryFee: number,
): number {
  let discount: number;
  switch (offer.kind) {
    case "flat":
      discount = offer.amount ?? 0;
      break;
    case "percent":
      discount = Math.floor((subtotal * (offer.percent ?? 0)) / 100);
      if (offer.maxDiscount !== null) discount = Math.min(discount, offer.maxDiscount);
      break;
    case "free_delivery":
      discount = deliveryFee;
      break;
  }
  return Math.max(0, Math.min(discount, subtotal));
}

/** Why the code does not apply to this order, checked in the contract's order; null when it does. */
export function refusalOf(offer: OfferRules | null, ctx: CouponContext): RefusalReason | null {
  if (!offer || !offer.active) return "invalid";
  if (offer.validFrom && ctx.now.getTime() < offer.validFrom.getTime()) return "not_started";
  if (offer.validTo && ctx.now.getTime() > offer.validTo.getTime()) return "expired";
  if (ctx.subtotal < offer.minSubtotal) return "below_minimum";
  if (offer.firstOrderOnly && ctx.earlierOrders > 0) return "first_order_only";
  if (ctx.customerUses >= offer.perCustomer) return "already_used";
  if (offer.totalUses !== null && ctx.totalUsed >= offer.totalUses) return "used_up";
  if (offer.onlineOnly && ctx.payOnline === false) return "online_only";
  return null;
}

/** The offer as a customer reads it. */
export function describeOffer(offer: Pick<OfferRules, "kind" | "amount" | "percent" | "maxDiscount" | "minSubtotal">): string {
  const what =
    offer.kind === "flat"
      ? `${formatRupees(offer.amount ?? 0)} off`
      : offer.kind === "percent"
        ? `${offer.percent ?? 0}% off${offer.maxDiscount !== null ? `, up to ${formatRupees(offer.maxDiscount)}` : ""}`
        : "Free delivery";
  return offer.minSubtotal > 0 ? `${what} on orders of ${formatRupees(offer.minSubtotal)} or more` : what;
}

/** A refusal in words, for the customer. */
export function refusalMessage(reason: RefusalReason, offer: OfferRules | null): string {
  switch (reason) {
    case "invalid":
      return "This code is not valid.";
    case "not_started":
      return offer?.validFrom ? `This code can be used from ${formatIndiaDateTime(offer.validFrom)}.` : "This code cannot be used yet.";
    case "expired":
      return offer?.validTo ? `This code expired on ${formatIndiaDateTime(offer.validTo)}.` : "This code has expired.";
    case "below_minimum":
      return `This code needs a subtotal of at least ${formatRupees(offer?.minSubtotal ?? 0)}.`;
    case "first_order_only":
      return "This code is for your first order only.";
    case "already_used":
      return offer && offer.perCustomer > 1
        ? `You have already used this code ${offer.perCustomer} times.`
        : "You have already used this code.";
    case "used_up":
      return "This code has been used as many times as it can be.";
    case "online_only":
      return "This code is for orders paid online (UPI or card) only.";
  }
}
