import { NextResponse } from "next/server";
import { route } from "@/lib/http";
import { confirmEmail } from "@/lib/auth/accounts";

export const GET = route<RouteContext<"/api/confirm/[token]">>(async (_req, { params }) => {
  const { token } = await params;
  return NextResponse.json(await confirmEmail(token));
});
