// Offers (product.md §13): the shapes the API, the pages and the order share. Client-safe, plain data.

export const OFFER_KINDS = ["flat", "percent", "free_delivery"] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];

/** Why a code does not apply, in the order the server checks them. */
export const REFUSAL_REASONS = [
  "invalid",
  "not_started",
  "expired",
  "below_minimum",
  "first_order_only",
  "already_used",
  "used_up",
  "online_only",
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

/** What the rules of an offer read: the row as stored, times as instants. */
export type OfferRules = {
  code: string;
  kind: OfferKind;
  amount: number | null;
  percent: number | null;
  maxDiscount: number | null;
  minSubtotal: number;
  validFrom: Date | null;
  validTo: Date | null;
  firstOrderOnly: boolean;
  perCustomer: number;
  totalUses: number | null;
  onlineOnly: boolean;
  active: boolean;
};

/** An offer in GET /api/offers and the admin's replies. */
export type ApiOffer = Omit<OfferRules, "validFrom" | "validTo"> & {
  id: string;
  _id: string;
  validFrom: string | null;
  validTo: string | null;
  /** "₹100 off", "10% off, up to ₹150", "Free delivery": what the customer is told. */
  description: string;
  /** Uses held by orders that are not cancelled. */
  used: number;
  createdAt: string;
};

/** POST /api/offers/check's reply. */
export type CouponCheck =
  { valid: true; code: string; discount: number; description: string } | { valid: false; reason: RefusalReason; message: string };

/** What an order carries of its coupon. */
export type OrderCoupon = { code: string; description: string };
