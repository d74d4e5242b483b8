import { NextResponse } from "next/server";
import { route } from "@/lib/http";
import { requireUser } from "@/lib/auth/session";
import { removeFavourite, saveFavourite } from "@/lib/favourites/writes";

// Keep a bowl, or let it go (product.md §13); an unknown item is 404. No body: the address says it all.
export const PUT = route<RouteContext<"/api/favourites/[menuItemId]">>(async (req, ctx) => {
  const user = await requireUser(req);
  const { menuItemId } = await ctx.params;
  return NextResponse.json(await saveFavourite(user, menuItemId));
});

export const DELETE = route<RouteContext<"/api/favourites/[menuItemId]">>(async (req, ctx) => {
  const user = await requireUser(req);
  const { menuItemId } = await ctx.params;
  return NextResponse.json(await removeFavourite(user, menuItemId));
});
