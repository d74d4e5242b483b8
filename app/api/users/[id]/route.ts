import { NextResponse } from "next/server";
import { readBody, route } from "@/lib/http";
import { requireAdmin } from "@/lib/auth/session";
import { roleUpdateSchema } from "@/lib/users/schema";
import { setRole } from "@/lib/users/writes";

export const PATCH = route<RouteContext<"/api/users/[id]">>(async (req, ctx) => {
  const admin = await requireAdmin(req);
  const { id } = await ctx.params;
  const { role } = await readBody(req, roleUpdateSchema);
  return NextResponse.json(await setRole(admin, id, role));
});
