import { NextResponse } from "next/server";
import { readBody, route } from "@/lib/http";
import { requireAdmin } from "@/lib/auth/session";
import { offerSchema } from "@/lib/offers/schema";
import { createOffer } from "@/lib/offers/writes";
import { listOffers } from "@/lib/offers/queries";

// The kitchen's coupon codes (product.md §13): admins list and create them.
export const GET = route(async (req) => {
  const admin = await requireAdmin(req);
  return NextResponse.json(await listOffers(admin));
});

export const POST = route(async (req) => {
  const admin = await requireAdmin(req);
  const input = await readBody(req, offerSchema);
  return NextResponse.json(await createOffer(admin, input), { status: 201 });
});
