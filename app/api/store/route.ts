import { connection, NextResponse } from "next/server";
import { readBody, route } from "@/lib/http";
import { requireAdmin } from "@/lib/auth/session";
import { storeSettingsPatchSchema } from "@/lib/store/schema";
import { updateSettings } from "@/lib/store/settings";
import { storeState } from "@/lib/store/state";
import { STORE_CACHE_CONTROL } from "@/lib/store/cache-control";

// The shop's settings and its state now (product.md §9): anyone reads, admins change any subset.
export const GET = route(async () => {
  await connection();
  return NextResponse.json(await storeState(), { headers: { "Cache-Control": STORE_CACHE_CONTROL } });
});

export const PUT = route(async (req) => {
  await requireAdmin(req);
  await updateSettings(await readBody(req, storeSettingsPatchSchema));
  return NextResponse.json(await storeState());
});
