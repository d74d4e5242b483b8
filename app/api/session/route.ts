import { NextResponse } from "next/server";
import { route } from "@/lib/http";
import { callerOf } from "@/lib/auth/session";
import { publicUser } from "@/lib/auth/accounts";

// Who is signed in, for the header's account links: `{user: null}` when nobody is (a 200, unlike
// /api/me's 401), so a signed-out visit logs no failed request. Every page is prerendered
// without the visitor, and the header asks here once the page is in the browser.
export const GET = route(async (req) => {
  const user = await callerOf(req);
  return NextResponse.json({ user: user && publicUser(user) }, { headers: { "Cache-Control": "private, no-store" } });
});
