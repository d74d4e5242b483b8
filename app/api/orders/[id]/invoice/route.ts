import { NextResponse } from "next/server";
import { route } from "@/lib/http";
import { requireUser } from "@/lib/auth/session";
import { getInvoiceFor } from "@/lib/billing/invoice-read";

// The order's bill (product.md §11): its owner or an admin; 404 before it is delivered.
export const GET = route<RouteContext<"/api/orders/[id]/invoice">>(async (req, ctx) => {
  const user = await requireUser(req);
  const { id } = await ctx.params;
  return NextResponse.json(await getInvoiceFor(user, id));
});
