import "server-only";
import { db } from "@/lib/db";
import { looksLikeRowId } from "@/lib/db/schema";
import { isUniqueViolation } from "@/lib/db/errors";
import { Conflict, NotFound } from "@/lib/errors";
import type { SessionUser } from "@/lib/auth/session";
import type { RatingInput } from "@/lib/orders/rating-schema";
import type { OrderRating } from "@/lib/orders/types";
import { ORDER_NOT_FOUND, ratingOf } from "@/lib/orders/rows";

// A customer rates their delivered order, once (product.md §13). Only the order's own customer:
// to anyone else, admins included, the order is not found, as their other orders are.

const NOT_DELIVERED = "You can rate an order once it has been delivered.";
const ALREADY_RATED = "You have already rated this order.";

export async function rateOrder(actor: SessionUser, orderId: string, input: RatingInput): Promise<OrderRating> {
  const order = looksLikeRowId(orderId)
    ? await db().order.findFirst({
        where: { id: orderId, userId: actor.id },
        select: { status: true, rating: { select: { orderId: true } } },
      })
    : null;
  if (!order) throw new NotFound(ORDER_NOT_FOUND);
  if (order.rating) throw new Conflict(ALREADY_RATED, {}, "already_rated");
  // Delivered is final: an order read as delivered stays so while the rating is written.
  if (order.status !== "delivered") throw new Conflict(NOT_DELIVERED, {}, "not_delivered");
  try {
    const row = await db().orderRating.create({
      data: { orderId, stars: input.stars, comment: input.comment },
      select: { stars: true, comment: true, createdAt: true },
    });
    return ratingOf(row);
  } catch (error) {
    // Two ratings at once: both read none, the order's key lets one in.
    if (isUniqueViolation(error)) throw new Conflict(ALREADY_RATED, {}, "already_rated");
    throw error;
  }
}
