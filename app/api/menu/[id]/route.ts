import { NextResponse } from "next/server";
import { readBody, route } from "@/lib/http";
import { requireAdmin } from "@/lib/auth/session";
import { deleteMenuItem, updateMenuItem } from "@/lib/menu/writes";
import { menuItemUpdateSchema } from "@/lib/menu/schema";

export const PUT = route<RouteContext<"/api/menu/[id]">>(async (req, ctx) => {
  const admin = await requireAdmin(req);
  const { id } = await ctx.params;
  const input = await readBody(req, menuItemUpdateSchema);
  return NextResponse.json(await updateMenuItem(admin, id, input));
});

export const DELETE = route<RouteContext<"/api/menu/[id]">>(async (req, ctx) => {
  const admin = await requireAdmin(req);
  const { id } = await ctx.params;
  return NextResponse.json(await deleteMenuItem(admin, id));
});
