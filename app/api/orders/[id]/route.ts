import { NextResponse } from "next/server";
import { z } from "zod";
import { parseWith, readBody, route, rowRoute } from "@/lib/http";
import { requireUser } from "@/lib/auth/session";
import { Invalid } from "@/lib/errors";
import { orderStatusSchema } from "@/lib/orders/schema";
import { orderDelaySchema } from "@/lib/orders/delay-rules";
import { getOrderFor } from "@/lib/orders/queries";
import { updateOrderStatus } from "@/lib/flows/update-order-status";
import { delayOrder } from "@/lib/orders/delay";
import { payOnDeliveryInstead } from "@/lib/flows/pay-order";
import { paymentMethodSchema } from "@/lib/orders/schema";

const payOnDeliverySchema = z.object({ paymentMethod: paymentMethodSchema });

export const GET = rowRoute(requireUser, getOrderFor);

// One change per request: `{status}`, an admin's `{delayMinutes}` (product.md §9), or the owner's `{paymentMethod}` (§10).
export const PATCH = route<RouteContext<"/api/orders/[id]">>(async (req, ctx) => {
  const user = await requireUser(req);
  const { id } = await ctx.params;
  const body = await readBody(req, z.unknown());
  if (typeof body === "object" && body !== null && "delayMinutes" in body) {
    if ("status" in body) throw new Invalid("Send either status or delayMinutes, not both.", "delayMinutes");
    const { delayMinutes } = parseWith(orderDelaySchema, body);
    return NextResponse.json(await delayOrder(user, id, delayMinutes));
  }
  if (typeof body === "object" && body !== null && "paymentMethod" in body) {
    // The owner's `Pay on delivery instead` while the order waits for payment (product.md §10).
    if ("status" in body) throw new Invalid("Send either status or paymentMethod, not both.", "paymentMethod");
    const { paymentMethod } = parseWith(payOnDeliverySchema, body);
    if (paymentMethod !== "Cash on Delivery") throw new Invalid("paymentMethod can only become Cash on Delivery.", "paymentMethod");
    return NextResponse.json(await payOnDeliveryInstead(user, id));
  }
  const { status } = parseWith(orderStatusSchema, body);
  return NextResponse.json(await updateOrderStatus(user, id, status));
});
