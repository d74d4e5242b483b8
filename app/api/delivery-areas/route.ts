import { connection, NextResponse } from "next/server";
import { readBody, route } from "@/lib/http";
import { requireAdmin } from "@/lib/auth/session";
import { deliveryAreasSchema } from "@/lib/store/schema";
import { listDeliveryAreas, replaceDeliveryAreas } from "@/lib/store/delivery-areas";
import { STORE_CACHE_CONTROL } from "@/lib/store/cache-control";

// Where the shop delivers (product.md §9): anyone reads the list, admins replace it whole.
export const GET = route(async () => {
  await connection();
  return NextResponse.json(await listDeliveryAreas(), { headers: { "Cache-Control": STORE_CACHE_CONTROL } });
});

export const PUT = route(async (req) => {
  const admin = await requireAdmin(req);
  return NextResponse.json(await replaceDeliveryAreas(admin, await readBody(req, deliveryAreasSchema)));
});
