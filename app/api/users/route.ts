import { NextResponse } from "next/server";
import { route } from "@/lib/http";
import { requireAdmin } from "@/lib/auth/session";
import { listUsers } from "@/lib/users/queries";

export const GET = route(async (req) => {
  const admin = await requireAdmin(req);
  return NextResponse.json(await listUsers(admin));
});
