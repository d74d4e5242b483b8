import { NextResponse } from "next/server";
import { readBody, route } from "@/lib/http";
import { requireAdmin } from "@/lib/auth/session";
import { resolveSchema } from "@/lib/complaints/schema";
import { resolveComplaint } from "@/lib/complaints/writes";

// An admin resolves a ticket with what was done (product.md §11); the customer is mailed it.
export const PATCH = route<RouteContext<"/api/complaints/[id]">>(async (req, ctx) => {
  const admin = await requireAdmin(req);
  const { id } = await ctx.params;
  const input = await readBody(req, resolveSchema);
  return NextResponse.json(await resolveComplaint(admin, id, input));
});
