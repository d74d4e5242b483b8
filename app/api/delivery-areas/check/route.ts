import { NextResponse } from "next/server";
import { parseWith, route } from "@/lib/http";
import { pinSchema } from "@/lib/store/schema";
import { checkPin } from "@/lib/store/delivery-areas";
import { STORE_CACHE_CONTROL } from "@/lib/store/cache-control";

// "Do we deliver to you?": GET /api/delivery-areas/check?pin=560034 (product.md §9).
export const GET = route(async (req) => {
  const { pin } = parseWith(pinSchema, { pin: req.nextUrl.searchParams.get("pin") ?? "" });
  return NextResponse.json(await checkPin(pin), { headers: { "Cache-Control": STORE_CACHE_CONTROL } });
});
