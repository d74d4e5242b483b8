import { NextResponse } from "next/server";
import { readBody, route } from "@/lib/http";
import { requireAdmin } from "@/lib/auth/session";
import { businessSchema } from "@/lib/billing/business-schema";
import { clearBusiness, updateBusiness } from "@/lib/billing/business";

// The business on the bill (product.md §11): admins save the whole of it; anyone reads its
// public parts as `business` in GET /api/store. DELETE puts the fresh install back (no details:
// plain receipts, no FSSAI line), for a shop set up by mistake and for tests that must leave the
// shop as they found it.
export const PUT = route(async (req) => {
  const admin = await requireAdmin(req);
  return NextResponse.json(await updateBusiness(admin, await readBody(req, businessSchema)));
});

export const DELETE = route(async (req) => {
  return NextResponse.json(await clearBusiness(await requireAdmin(req)));
});
