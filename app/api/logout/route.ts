import { NextResponse } from "next/server";
import { route } from "@/lib/http";
import { callerOf } from "@/lib/auth/session";
import { endSessions } from "@/lib/auth/accounts";
import { sessionCookieName, sessionCookieOptions } from "@/lib/auth/jwt";

// Ends the session on the server too (session version bump), then clears the cookie.
export const POST = route(async (req) => {
  const user = await callerOf(req);
  if (user) await endSessions(user.id);
  const res = NextResponse.json({ message: "Logged out successfully" });
  res.cookies.set(sessionCookieName(), "", { ...sessionCookieOptions(), maxAge: 0 });
  return res;
});
