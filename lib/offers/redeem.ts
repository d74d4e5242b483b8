import "server-only";
import type { PoolClient, QueryConfig } from "pg";
import { namedStatement } from "@/lib/db/named-sql";
import { AppError } from "@/lib/errors";
import { discountOf, describeOffer, refusalMessage, refusalOf, type CouponContext } from "@/lib/offers/rules";
import { REFUSAL_REASONS, type OfferRules, type OrderCoupon, type RefusalReason } from "@/lib/offers/types";

// A coupon on an order (product.md §13): read beside the order's other reads, decided by the
// rules once the order is priced, and its use taken by a statement sent with the order's COMMIT
// (take_offer_use in migration 20261202100400_offers), which counts again under the offer's lock.
// Plain `pg`, as the rest of the order's transaction.

/** The offer under a code, with the uses that count against it and whether the customer ordered before. */
export type StoredCoupon = OfferRules & { id: string; totalUsed: number; customerUses: number; earlierOrders: number };

const READ_COUPON = namedStatement(
  "coupon-read",
  `SELECT o.id, o.code, o.kind, o.amount, o.percent, o.max_discount AS "maxDiscount", o.min_subtotal AS "minSubtotal",
  o.valid_from AT TIME ZONE 'UTC' AS "validFrom", o.valid_to AT TIME ZONE 'UTC' AS "validTo",
  o.first_order_only AS "firstOrderOnly", o.per_customer AS "perCustomer", o.total_uses AS "totalUses",
  o.online_only AS "onlineOnly", o.active,
  o.used AS "totalUsed",
  COALESCE((SELECT c.used FROM offer_customers c WHERE c.offer_id = o.id AND c.user_id = :userId), 0) AS "customerUses",
  (o.first_order_only AND EXISTS (SELECT 1 FROM orders r WHERE r.user_id = :userId AND r.status <> 'cancelled'))::int AS "earlierOrders"
FROM offers o WHERE lower(o.code) = lower(:code)`,
);

export async function readCoupon(client: Pick<PoolClient, "query">, code: string, userId: string): Promise<StoredCoupon | null> {
  const { rows } = await client.query<StoredCoupon>(READ_COUPON({ code, userId }));
  return rows[0] ?? null;
}

/** 400 invalid_coupon: the code does not apply to this order, `reason` saying why. */
export class CouponRefused extends AppError {
  constructor(
    readonly reason: RefusalReason,
    offer: OfferRules | null,
  ) {
    super(refusalMessage(reason, offer), 400, { field: "couponCode", reason }, "invalid_coupon");
  }
}

/** What the order is given. */
export type AppliedCoupon = { offerId: string; discount: number; coupon: OrderCoupon };

/** The coupon for this order, or 400 invalid_coupon. */
export function decideCoupon(
  stored: StoredCoupon | null,
  ctx: Omit<CouponContext, "earlierOrders" | "customerUses" | "totalUsed">,
): AppliedCoupon {
  const reason = refusalOf(stored, {
    ...ctx,
    earlierOrders: stored?.earlierOrders ?? 0,
    customerUses: stored?.customerUses ?? 0,
    totalUsed: stored?.totalUsed ?? 0,
  });
  if (reason || !stored) throw new CouponRefused(reason ?? "invalid", stored);
  return {
    offerId: stored.id,
    discount: discountOf(stored, ctx.subtotal, ctx.deliveryFee),
    coupon: { code: stored.code.toUpperCase(), description: describeOffer(stored) },
  };
}

const TAKE_USE = namedStatement("coupon-take", `SELECT take_offer_use(:orderId, :offerId, :userId, :discount)`);

/** The statement that takes the order's use; it fails, and the order with it, when none is left. */
export function takeCouponUse(orderId: string, userId: string, applied: AppliedCoupon): QueryConfig {
  return TAKE_USE({ orderId, userId, offerId: applied.offerId, discount: applied.discount });
}

/** SQLSTATE of take_offer_use's refusal; its message is the reason. */
const NO_USE_LEFT = "FB410";

/** take_offer_use's refusal as the customer's 400, or the error as it was. */
export function asCouponRefusal(error: unknown, stored: StoredCoupon | null): unknown {
  const { code, message } = (typeof error === "object" && error !== null ? error : {}) as { code?: unknown; message?: unknown };
  if (code !== NO_USE_LEFT) return error;
  const reason = REFUSAL_REASONS.find((r) => r === message) ?? "used_up";
  return new CouponRefused(reason, stored);
}
