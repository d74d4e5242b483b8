import { NextResponse } from "next/server";
import { parseWith, route } from "@/lib/http";
import { requireAdmin } from "@/lib/auth/session";
import { listUsers } from "@/lib/users/queries";
import { userListQuerySchema } from "@/lib/users/schema";

export const GET = route(async (req) => {
  const admin = await requireAdmin(req);
  const query = parseWith(userListQuerySchema, Object.fromEntries(req.nextUrl.searchParams));
  return NextResponse.json(await listUsers(admin, query));
});
