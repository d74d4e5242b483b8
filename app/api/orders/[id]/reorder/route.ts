import { NextResponse } from "next/server";
import { route } from "@/lib/http";
import { requireUser } from "@/lib/auth/session";
import { reorder } from "@/lib/flows/reorder";

// "Order again" (product.md §13): the customer's order as cart lines at today's prices, and what
// was left out. Writes nothing; the page puts the lines into the browser's cart.
export const POST = route<RouteContext<"/api/orders/[id]/reorder">>(async (req, ctx) => {
  const user = await requireUser(req);
  const { id } = await ctx.params;
  return NextResponse.json(await reorder(user, id));
});
