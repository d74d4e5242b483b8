import { NextResponse } from "next/server";
import { route } from "@/lib/http";
import { requireUser } from "@/lib/auth/session";
import { pickUpOrder } from "@/lib/flows/dispatch-order";

// The rider (or an admin) has the order in hand: it goes out for delivery (product.md §12).
// Who may is the order's to say: its rider or an admin, checked on its locked row.
export const POST = route<RouteContext<"/api/orders/[id]/pickup">>(async (req, ctx) => {
  const user = await requireUser(req);
  const { id } = await ctx.params;
  return NextResponse.json(await pickUpOrder(user, id));
});
