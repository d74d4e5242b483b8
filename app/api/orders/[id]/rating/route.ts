import { NextResponse } from "next/server";
import { readBody, route } from "@/lib/http";
import { requireUser } from "@/lib/auth/session";
import { ratingInputSchema } from "@/lib/orders/rating-schema";
import { rateOrder } from "@/lib/orders/ratings";

// The customer rates their delivered order, once (product.md §13); the reply is the rating.
export const POST = route<RouteContext<"/api/orders/[id]/rating">>(async (req, ctx) => {
  const user = await requireUser(req);
  const { id } = await ctx.params;
  const input = await readBody(req, ratingInputSchema);
  return NextResponse.json(await rateOrder(user, id, input), { status: 201 });
});
