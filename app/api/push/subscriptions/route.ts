import { NextResponse } from "next/server";
import { readBody, route } from "@/lib/http";
import { requireUser } from "@/lib/auth/session";
import { pushEndpointSchema, pushSubscriptionSchema } from "@/lib/notifications/schema";
import { removeSubscription, saveSubscription } from "@/lib/notifications/subscriptions";

// This browser's push subscription for the signed-in customer (product.md §14): kept (201; the
// same endpoint again replaces it), or let go (200).
export const POST = route(async (req) => {
  const user = await requireUser(req);
  return NextResponse.json(await saveSubscription(user, await readBody(req, pushSubscriptionSchema)), { status: 201 });
});

export const DELETE = route(async (req) => {
  const user = await requireUser(req);
  const { endpoint } = await readBody(req, pushEndpointSchema);
  return NextResponse.json(await removeSubscription(user, endpoint));
});
