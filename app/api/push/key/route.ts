import { connection, NextResponse } from "next/server";
import { route } from "@/lib/http";
import { publicPushKey } from "@/lib/notifications/subscriptions";

// The shop's VAPID public key, which a browser subscribes with (product.md §14); 404 while push is
// off. Read when asked, never prerendered: the keys are the running server's, not the build's.
export const GET = route(async () => {
  await connection();
  return NextResponse.json(await publicPushKey(), { headers: { "Cache-Control": "no-store" } });
});
