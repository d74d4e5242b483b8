import { NextResponse } from "next/server";
import { clientIp, readBody, route } from "@/lib/http";
import { resetPasswordServerSchema } from "@/lib/auth/password";
import { resetPassword, verifyResetToken } from "@/lib/auth/accounts";

export const POST = route<RouteContext<"/api/reset-password/[token]">>(async (req, { params }) => {
  const { token } = await params;
  // A dead link is reported as such before complaining about the new password.
  await verifyResetToken(token);
  const { password } = await readBody(req, resetPasswordServerSchema);
  return NextResponse.json(await resetPassword(token, password, clientIp(req)));
});
