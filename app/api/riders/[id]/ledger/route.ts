import { NextResponse } from "next/server";
import { parseWith, route } from "@/lib/http";
import { requireUser } from "@/lib/auth/session";
import { ledgerQuerySchema } from "@/lib/riders/schema";
import { riderLedger } from "@/lib/riders/ledger";

// A rider's cash-up for one India day (product.md §12): admins, and the rider for their own.
export const GET = route<RouteContext<"/api/riders/[id]/ledger">>(async (req, ctx) => {
  const user = await requireUser(req);
  const { id } = await ctx.params;
  const { date } = parseWith(ledgerQuerySchema, Object.fromEntries(req.nextUrl.searchParams));
  return NextResponse.json(await riderLedger(user, id, date));
});
