import { NextResponse } from "next/server";
import { readBody, route } from "@/lib/http";
import { requireAdmin } from "@/lib/auth/session";
import { offerSchema } from "@/lib/offers/schema";
import { deactivateOffer, updateOffer } from "@/lib/offers/writes";

// One coupon code (product.md §13): an admin changes its terms, or deactivates it.
export const PUT = route<RouteContext<"/api/offers/[id]">>(async (req, ctx) => {
  const admin = await requireAdmin(req);
  const { id } = await ctx.params;
  const input = await readBody(req, offerSchema);
  return NextResponse.json(await updateOffer(admin, id, input));
});

export const DELETE = route<RouteContext<"/api/offers/[id]">>(async (req, ctx) => {
  const admin = await requireAdmin(req);
  const { id } = await ctx.params;
  return NextResponse.json(await deactivateOffer(admin, id));
});
