import { NextResponse } from "next/server";
import { readBody, route } from "@/lib/http";
import { requireUser } from "@/lib/auth/session";
import { handoverSchema } from "@/lib/riders/schema";
import { handOverOrder } from "@/lib/flows/dispatch-order";

// `{code}`: the customer's 4 digits at the door deliver the order (product.md §12). Its rider or
// an admin, checked on the order's locked row.
export const POST = route<RouteContext<"/api/orders/[id]/handover">>(async (req, ctx) => {
  const user = await requireUser(req);
  const { id } = await ctx.params;
  const { code } = await readBody(req, handoverSchema);
  return NextResponse.json(await handOverOrder(user, id, code));
});
