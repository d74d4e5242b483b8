import { NextResponse } from "next/server";
import { parseWith, route } from "@/lib/http";
import { slotsQuerySchema } from "@/lib/store/schema";
import { readStore } from "@/lib/store/settings";
import { slotOffers } from "@/lib/store/slots";
import { indiaWallClock } from "@/lib/time";
import { STORE_CACHE_CONTROL } from "@/lib/store/cache-control";

// The delivery slots a customer may schedule on a date (product.md §9), full ones marked.
export const GET = route(async (req) => {
  const { date } = parseWith(slotsQuerySchema, { date: req.nextUrl.searchParams.get("date") ?? undefined });
  const now = new Date();
  const { settings } = await readStore(now);
  const offers = await slotOffers(settings, now, date ?? indiaWallClock(now).dateKey);
  return NextResponse.json(offers, { headers: { "Cache-Control": STORE_CACHE_CONTROL } });
});
