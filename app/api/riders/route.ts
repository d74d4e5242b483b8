import { NextResponse } from "next/server";
import { route } from "@/lib/http";
import { requireAdmin } from "@/lib/auth/session";
import { listRiders } from "@/lib/riders/queries";

// The riders admins dispatch to (product.md §12), by name, with their switch and orders in hand.
export const GET = route(async (req) => {
  const admin = await requireAdmin(req);
  return NextResponse.json(await listRiders(admin));
});
