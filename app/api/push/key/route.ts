import { NextResponse } from "next/server";
import { route } from "@/lib/http";
import { publicPushKey } from "@/lib/notifications/subscriptions";

// The shop's VAPID public key, which a browser subscribes with (product.md §14); 404 while push is off.
export const GET = route(async () => NextResponse.json(await publicPushKey(), { headers: { "Cache-Control": "no-store" } }));
