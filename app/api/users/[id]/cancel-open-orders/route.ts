import { NextResponse } from "next/server";
import { route } from "@/lib/http";
import { requireAdmin } from "@/lib/auth/session";
import { cancelOpenOrdersOf } from "@/lib/flows/cancel-open-orders";

// Cancels every open order of one account (admins). It takes no body, like logout.
export const POST = route<RouteContext<"/api/users/[id]/cancel-open-orders">>(async (req, ctx) => {
  const admin = await requireAdmin(req);
  const { id } = await ctx.params;
  return NextResponse.json(await cancelOpenOrdersOf(admin, id));
});
