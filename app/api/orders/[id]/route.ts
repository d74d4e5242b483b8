import { NextResponse } from "next/server";
import { z } from "zod";
import { parseWith, readBody, route, rowRoute } from "@/lib/http";
import { requireUser } from "@/lib/auth/session";
import { Invalid } from "@/lib/errors";
import { orderStatusSchema } from "@/lib/orders/schema";
import { orderDelaySchema } from "@/lib/orders/delay-rules";
import { readOrderFor } from "@/lib/orders/queries";
import { updateOrderStatus } from "@/lib/flows/update-order-status";
import { delayOrder } from "@/lib/orders/delay";
import { payOnDeliveryInstead } from "@/lib/flows/pay-order";
import { paymentMethodSchema } from "@/lib/orders/schema";
import { assertAdmin } from "@/lib/auth/authorize";
import { assignRiderSchema } from "@/lib/riders/schema";
import { assignRider } from "@/lib/flows/dispatch-order";

const payOnDeliverySchema = z.object({ paymentMethod: paymentMethodSchema });

export const GET = rowRoute(requireUser, readOrderFor);

// One change per request: `{status}`, an admin's `{delayMinutes}` (product.md §9) or `{riderId}`
// (§12), or the owner's `{paymentMethod}` (§10).
export const PATCH = route<RouteContext<"/api/orders/[id]">>(async (req, ctx) => {
  const user = await requireUser(req);
  const { id } = await ctx.params;
  const body = await readBody(req, z.unknown());
  const asks = (key: string) => {
    if (typeof body !== "object" || body === null || !(key in body)) return false;
    if ("status" in body) throw new Invalid(`Send either status or ${key}, not both.`, key);
    return true;
  };
  if (asks("delayMinutes")) {
    const { delayMinutes } = parseWith(orderDelaySchema, body);
    return NextResponse.json(await delayOrder(user, id, delayMinutes));
  }
  if (asks("riderId")) {
    assertAdmin(user);
    const { riderId } = parseWith(assignRiderSchema, body);
    return NextResponse.json(await assignRider(user, id, riderId));
  }
  if (asks("paymentMethod")) {
    // The owner's `Pay on delivery instead` while the order waits for payment (product.md §10).
    const { paymentMethod } = parseWith(payOnDeliverySchema, body);
    if (paymentMethod !== "Cash on Delivery") throw new Invalid("paymentMethod can only become Cash on Delivery.", "paymentMethod");
    return NextResponse.json(await payOnDeliveryInstead(user, id));
  }
  const { status } = parseWith(orderStatusSchema, body);
  return NextResponse.json(await updateOrderStatus(user, id, status));
});
