import "server-only";
import { db, pool } from "@/lib/db";
import { env } from "@/lib/env";
import { assertAdmin } from "@/lib/auth/authorize";
import type { SessionUser } from "@/lib/auth/session";
import { areaForPin, deliveryFeeFor } from "@/lib/store/areas";
import { readTerms } from "@/lib/store/terms";
import { ONLINE_METHODS } from "@/lib/offers/online";
import type { CouponCheckInput } from "@/lib/offers/schema";
import type { ApiOffer, CouponCheck } from "@/lib/offers/types";
import { toApiOffer } from "@/lib/offers/rows";
import { CouponRefused, decideCoupon, readCoupon } from "@/lib/offers/redeem";

// Reading offers (product.md §13): the admin's list, and a customer's check before ordering.

/** GET /api/offers: every offer, newest first, with its uses. Admins only. */
export async function listOffers(admin: SessionUser): Promise<ApiOffer[]> {
  assertAdmin(admin);
  const rows = await db().offer.findMany({ orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 500 });
  return rows.map(toApiOffer);
}

/**
 * POST /api/offers/check: whether `code` would apply to the customer's order as it stands, and
 * for how much, by the same rules the order is decided by (the order decides again when placed).
 */
export async function checkCoupon(customer: SessionUser, input: CouponCheckInput): Promise<CouponCheck> {
  const [stored, terms] = await Promise.all([readCoupon(pool(), input.code, customer.id), readTerms()]);
  const area = input.pin ? areaForPin(terms.areas, input.pin) : null;
  const deliveryFee = deliveryFeeFor(area, input.subtotal, env().DELIVERY_FEE);
  try {
    const payOnline = input.paymentMethod === undefined ? undefined : ONLINE_METHODS.has(input.paymentMethod);
    const { discount, coupon } = decideCoupon(stored, { now: new Date(), subtotal: input.subtotal, deliveryFee, payOnline });
    return { valid: true, code: coupon.code, discount, description: coupon.description };
  } catch (error) {
    if (error instanceof CouponRefused) return { valid: false, reason: error.reason, message: error.message };
    throw error;
  }
}
