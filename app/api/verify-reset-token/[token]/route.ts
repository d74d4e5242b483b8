import { NextResponse } from "next/server";
import { route } from "@/lib/http";
import { verifyResetToken } from "@/lib/auth/accounts";

export const GET = route<RouteContext<"/api/verify-reset-token/[token]">>(async (_req, { params }) => {
  const { token } = await params;
  return NextResponse.json(await verifyResetToken(token));
});
