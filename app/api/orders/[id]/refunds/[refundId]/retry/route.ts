import { NextResponse } from "next/server";
import { route } from "@/lib/http";
import { requireUser } from "@/lib/auth/session";
import { retryRefund } from "@/lib/payments/refund-admin";

// An admin sends a failed refund again (product.md §10); the reply is the order.
export const POST = route<RouteContext<"/api/orders/[id]/refunds/[refundId]/retry">>(async (req, ctx) => {
  const user = await requireUser(req);
  const { id, refundId } = await ctx.params;
  return NextResponse.json({ success: true, order: await retryRefund(user, id, refundId) });
});
