import { NextResponse } from "next/server";
import { route } from "@/lib/http";
import { requireUser } from "@/lib/auth/session";
import { freshCheckout } from "@/lib/flows/pay-order";

// `Pay now` (product.md §10): the Checkout's values, at the top level of the reply.
export const POST = route<RouteContext<"/api/orders/[id]/checkout">>(async (req, ctx) => {
  const user = await requireUser(req);
  const { id } = await ctx.params;
  return NextResponse.json(await freshCheckout(user, id));
});
