import { NextResponse } from "next/server";
import { readBody, route } from "@/lib/http";
import { requireAdmin } from "@/lib/auth/session";
import { settlementSchema } from "@/lib/riders/schema";
import { recordSettlement } from "@/lib/riders/ledger";

// Cash a rider handed in (product.md §12), never more than they owe in all.
export const POST = route<RouteContext<"/api/riders/[id]/settlements">>(async (req, ctx) => {
  const admin = await requireAdmin(req);
  const { id } = await ctx.params;
  const input = await readBody(req, settlementSchema);
  return NextResponse.json(await recordSettlement(admin, id, input), { status: 201 });
});
