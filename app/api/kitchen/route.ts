import { NextResponse } from "next/server";
import { parseWith, route } from "@/lib/http";
import { requireUser } from "@/lib/auth/session";
import { kitchenRead } from "@/lib/orders/kitchen";
import { kitchenQuerySchema } from "@/lib/orders/kitchen-query";

// The kitchen display's reads (admins): without a query string the whole board; with `ids`, the
// column lists and counts and only those orders' tickets (lib/orders/kitchen-query.ts).
export const GET = route(async (req) => {
  const user = await requireUser(req);
  const params = req.nextUrl.searchParams;
  const wanted = params.size === 0 ? "board" : parseWith(kitchenQuerySchema, Object.fromEntries(params)).ids;
  return NextResponse.json(await kitchenRead(user, wanted));
});
