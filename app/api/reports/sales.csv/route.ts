import { route } from "@/lib/http";
import { requireAdmin } from "@/lib/auth/session";
import { parseSalesBy, parseSalesRange } from "@/lib/reports/period";
import { salesCsv } from "@/lib/reports/sales";
import { csvResponse } from "@/lib/reports/csv-response";

export const GET = route(async (req) => {
  const admin = await requireAdmin(req);
  const query = req.nextUrl.searchParams;
  const range = parseSalesRange({ from: query.get("from"), to: query.get("to") });
  return csvResponse(salesCsv(admin, range, parseSalesBy(query.get("by"))));
});
