import { NextResponse } from "next/server";
import { route } from "@/lib/http";
import { requireUser } from "@/lib/auth/session";
import { listFavourites } from "@/lib/favourites/queries";

// The signed-in customer's favourites (product.md §13), the latest kept first.
export const GET = route(async (req) => {
  const user = await requireUser(req);
  return NextResponse.json(await listFavourites(user), { headers: { "Cache-Control": "private, no-store" } });
});
