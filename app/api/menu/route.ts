import { NextResponse } from "next/server";
import { readBody, route } from "@/lib/http";
import { requireAdmin } from "@/lib/auth/session";
import { createMenuItem, listMenu, toApiItem } from "@/lib/menu";
import { menuItemInputSchema } from "@/lib/menu-schemas";

/** The whole menu (optionally `?search=` and `?category=<slug>`), flat, in menu order. */
export const GET = route(async (req) => {
  const params = req.nextUrl.searchParams;
  const groups = await listMenu({ search: params.get("search"), category: params.get("category") });
  return NextResponse.json(groups.flatMap((g) => g.items).map(toApiItem));
});

export const POST = route(async (req) => {
  await requireAdmin(req);
  const input = await readBody(req, menuItemInputSchema);
  return NextResponse.json(await createMenuItem(input), { status: 201 });
});
