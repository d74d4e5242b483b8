import { NextResponse } from "next/server";
import { route } from "@/lib/http";
import { requireAdmin } from "@/lib/auth/session";
import { parseMonth } from "@/lib/reports/period";
import { gstr1Figures } from "@/lib/reports/gstr1";

export const GET = route(async (req) => {
  const admin = await requireAdmin(req);
  const month = parseMonth(req.nextUrl.searchParams.get("month"));
  return NextResponse.json(await gstr1Figures(admin, month), { headers: { "Cache-Control": "private, no-store" } });
});
