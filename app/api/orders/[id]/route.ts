import { NextResponse } from "next/server";
import { readBody, route } from "@/lib/http";
import { requireUser } from "@/lib/auth/session";
import { orderStatusSchema } from "@/lib/orders/schema";
import { getOrderFor } from "@/lib/orders/queries";
import { updateOrderStatus } from "@/lib/orders/status-changes";

export const GET = route<RouteContext<"/api/orders/[id]">>(async (req, ctx) => {
  const user = await requireUser(req);
  const { id } = await ctx.params;
  return NextResponse.json(await getOrderFor(user, id));
});

export const PATCH = route<RouteContext<"/api/orders/[id]">>(async (req, ctx) => {
  const user = await requireUser(req);
  const { id } = await ctx.params;
  const { status } = await readBody(req, orderStatusSchema);
  return NextResponse.json(await updateOrderStatus(user, id, status));
});
