import { NextResponse } from "next/server";
import { readBody, route } from "@/lib/http";
import { requireAdmin } from "@/lib/auth/session";
import { createMenuItem } from "@/lib/menu/writes";
import { isNotModified, MENU_CACHE_CONTROL, menuFeed } from "@/lib/menu/feed";
import { menuItemInputSchema } from "@/lib/menu/schema";
import { menuQueryFrom } from "@/lib/menu/query";

/** The whole menu (optionally `?search=`, `?category=<slug>`, `?diet=veg`, `?protein=high`, `?free=milk,gluten`), flat, in menu order. */
export const GET = route(async (req) => {
  const { body, etag } = await menuFeed(menuQueryFrom(req.nextUrl.searchParams));
  const headers = { ETag: etag, "Cache-Control": MENU_CACHE_CONTROL };
  if (isNotModified(req.headers.get("if-none-match"), etag)) return new NextResponse(null, { status: 304, headers });
  return new NextResponse(body, { headers: { ...headers, "Content-Type": "application/json" } });
});

export const POST = route(async (req) => {
  const admin = await requireAdmin(req);
  const input = await readBody(req, menuItemInputSchema);
  return NextResponse.json(await createMenuItem(admin, input), { status: 201 });
});
