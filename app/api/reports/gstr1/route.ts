import { route } from "@/lib/http";
import { requireAdmin } from "@/lib/auth/session";
import { parseMonth } from "@/lib/reports/period";
import { gstr1Figures, gstr1Json } from "@/lib/reports/gstr1";

export const GET = route(async (req) => {
  const admin = await requireAdmin(req);
  const month = parseMonth(req.nextUrl.searchParams.get("month"));
  return new Response(gstr1Json(await gstr1Figures(admin, month)), {
    headers: { "Content-Type": "application/json", "Cache-Control": "private, no-store" },
  });
});
