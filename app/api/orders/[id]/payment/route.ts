import { NextResponse } from "next/server";
import { readBody, route } from "@/lib/http";
import { requireUser } from "@/lib/auth/session";
import { payOrder, paymentProofSchema } from "@/lib/flows/pay-order";

// Checkout's success handler hands its proof here (product.md §10); the reply is the order.
export const POST = route<RouteContext<"/api/orders/[id]/payment">>(async (req, ctx) => {
  const user = await requireUser(req);
  const { id } = await ctx.params;
  const proof = await readBody(req, paymentProofSchema);
  return NextResponse.json(await payOrder(user, id, proof));
});
