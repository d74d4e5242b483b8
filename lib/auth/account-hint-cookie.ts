import type { NextResponse } from "next/server";
import { ACCOUNT_HINT_COOKIE, type AccountHint } from "@/lib/auth/account-hint";
import { sessionCookieOptions } from "@/lib/auth/jwt";

// Server side of the header hint (lib/auth/account-hint.ts): written next to the session cookie,
// with the same lifetime, but readable by scripts because it says nothing secret.

export function setAccountHint(res: NextResponse, role: AccountHint): void {
  res.cookies.set(ACCOUNT_HINT_COOKIE, role, { ...sessionCookieOptions(), httpOnly: false });
}

export function clearAccountHint(res: NextResponse): void {
  res.cookies.set(ACCOUNT_HINT_COOKIE, "", { ...sessionCookieOptions(), httpOnly: false, maxAge: 0 });
}
