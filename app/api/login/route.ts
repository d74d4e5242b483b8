import { NextResponse } from "next/server";
import { clientIp, readBody, route } from "@/lib/http";
import { loginSchema } from "@/lib/auth/schema";
import { login, publicUser } from "@/lib/auth/accounts";
import { sessionCookieName, sessionCookieOptions } from "@/lib/auth/jwt";

export const POST = route(async (req) => {
  const input = await readBody(req, loginSchema);
  const { user, token } = await login(input, clientIp(req));
  const res = NextResponse.json({ user: publicUser(user), token });
  res.cookies.set(sessionCookieName(), token, sessionCookieOptions());
  return res;
});
