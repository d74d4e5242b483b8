import { NextResponse } from "next/server";
import { readBody, route } from "@/lib/http";
import { requireAdmin } from "@/lib/auth/session";
import { pauseSchema } from "@/lib/store/schema";
import { pauseStore, reopenStore } from "@/lib/store/settings";
import { storeState } from "@/lib/store/state";

// A busy kitchen pauses new ASAP orders (product.md §9): for some minutes, or until reopened.
// Both answer the store's state after the change.
export const POST = route(async (req) => {
  const admin = await requireAdmin(req);
  const hasBody = req.headers.get("content-length") !== "0" && req.body !== null;
  await pauseStore(admin, hasBody ? await readBody(req, pauseSchema) : { minutes: null, reason: null });
  return NextResponse.json(await storeState());
});

export const DELETE = route(async (req) => {
  await reopenStore(await requireAdmin(req));
  return NextResponse.json(await storeState());
});
