import { connection, NextResponse } from "next/server";
import { readBody, route } from "@/lib/http";
import { requireAdmin } from "@/lib/auth/session";
import { storeSettingsPatchSchema } from "@/lib/store/schema";
import { updateSettings } from "@/lib/store/settings";
import { storeState } from "@/lib/store/state";
import { STORE_CACHE_CONTROL } from "@/lib/store/cache-control";
import { cachedBusiness } from "@/lib/billing/business";
import { publicBusiness, type StoreReply } from "@/lib/billing/business-public";

// The shop's settings and its state now (product.md §9), with the public parts of its business
// details (§11): anyone reads, admins change any subset of the settings.

async function storeReply(): Promise<StoreReply> {
  const [state, business] = await Promise.all([storeState(), cachedBusiness()]);
  return { ...state, business: publicBusiness(business) };
}

export const GET = route(async () => {
  await connection();
  return NextResponse.json(await storeReply(), { headers: { "Cache-Control": STORE_CACHE_CONTROL } });
});

export const PUT = route(async (req) => {
  const admin = await requireAdmin(req);
  await updateSettings(admin, await readBody(req, storeSettingsPatchSchema));
  return NextResponse.json(await storeReply());
});
