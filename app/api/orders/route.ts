import { NextResponse } from "next/server";
import { clientIp, parseWith, readBody, route } from "@/lib/http";
import { requireUser } from "@/lib/auth/session";
import { idempotencyKeySchema, orderListQuerySchema } from "@/lib/orders/schema";
import { placeOrderInputSchema } from "@/lib/flows/place-order-input";
import { listOrders } from "@/lib/orders/queries";
import { placeOrder } from "@/lib/flows/place-order";
import { Invalid } from "@/lib/errors";

export const POST = route(async (req) => {
  const user = await requireUser(req);
  const rawKey = req.headers.get("idempotency-key");
  // Optional for old clients; the shop's own checkout always sends one.
  const key = rawKey === null ? undefined : parseKey(rawKey);
  const input = await readBody(req, placeOrderInputSchema);
  const { order, created, checkout } = await placeOrder(user, input, { idempotencyKey: key, ip: clientIp(req) });
  // `checkout` only for an order to be paid online (product.md §10).
  return NextResponse.json({ success: true, order, ...(checkout !== undefined && { checkout }) }, { status: created ? 201 : 200 });
});

function parseKey(raw: string): string {
  const result = idempotencyKeySchema.safeParse(raw);
  if (!result.success) throw new Invalid(result.error.issues[0].message, "Idempotency-Key");
  return result.data;
}

export const GET = route(async (req) => {
  const user = await requireUser(req);
  const params = Object.fromEntries(req.nextUrl.searchParams);
  const query = parseWith(orderListQuerySchema, params);
  return NextResponse.json(await listOrders(user, query));
});
