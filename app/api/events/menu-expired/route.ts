import { NextResponse } from "next/server";
import { route } from "@/lib/http";
import { NotFound } from "@/lib/errors";
import { invalidateMenu } from "@/lib/menu/cache";
import { fromThisInstance } from "@/lib/realtime/menu-expiry";

export const dynamic = "force-dynamic";

/**
 * This instance's listener heard that the menu changed (lib/realtime/menu-expiry.ts): drop the
 * cached menu here, inside a request, where Next's revalidateTag works. Only the process itself
 * holds the key; to anyone else the route does not exist.
 */
export const POST = route(async (req) => {
  if (!fromThisInstance(req)) throw new NotFound("Not found.");
  invalidateMenu();
  return NextResponse.json({ expired: true });
});
