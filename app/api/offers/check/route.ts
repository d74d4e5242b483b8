import { NextResponse } from "next/server";
import { readBody, route } from "@/lib/http";
import { requireUser } from "@/lib/auth/session";
import { checkSchema } from "@/lib/offers/schema";
import { checkCoupon } from "@/lib/offers/queries";

// A customer tries a coupon code in the cart or at the payment step (product.md §13): whether it
// applies and for how much, or why not; the order decides again when it is placed.
export const POST = route(async (req) => {
  const customer = await requireUser(req);
  const input = await readBody(req, checkSchema);
  return NextResponse.json(await checkCoupon(customer, input));
});
