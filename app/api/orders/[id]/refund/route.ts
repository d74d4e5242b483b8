import { NextResponse } from "next/server";
import { readBody, route } from "@/lib/http";
import { requireUser } from "@/lib/auth/session";
import { adminOrNotFound, refundOrder } from "@/lib/payments/refund-admin";
import { refundRequestSchema } from "@/lib/payments/refund-schema";

// An admin refunds a delivered order, whole or in part (product.md §10); the reply is the order.
export const POST = route<RouteContext<"/api/orders/[id]/refund">>(async (req, ctx) => {
  const user = await requireUser(req);
  const { id } = await ctx.params;
  adminOrNotFound(user, id);
  const request = await readBody(req, refundRequestSchema);
  return NextResponse.json({ success: true, order: await refundOrder(user, id, request) }, { status: 201 });
});
