import { NextResponse } from "next/server";
import { readBody, route } from "@/lib/http";
import { requireUser } from "@/lib/auth/session";
import { assertRider } from "@/lib/riders/access";
import { riderDutySchema } from "@/lib/riders/schema";
import { riderHome } from "@/lib/riders/queries";
import { setDuty } from "@/lib/riders/writes";

// The rider's own page (product.md §12): their switch, phone and assigned orders, oldest first.
export const GET = route(async (req) => {
  const user = await requireUser(req);
  assertRider(user, { orAdmin: true });
  return NextResponse.json(await riderHome(user));
});

// `{onDuty, phone?}`: going on duty, or off; the reply is the page's data as GET gives it.
export const PUT = route(async (req) => {
  const user = await requireUser(req);
  assertRider(user);
  return NextResponse.json(await setDuty(user, await readBody(req, riderDutySchema)));
});
