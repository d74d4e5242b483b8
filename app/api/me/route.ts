import { NextResponse } from "next/server";
import { route } from "@/lib/http";
import { requireUser } from "@/lib/auth/session";
import { publicUser } from "@/lib/auth/accounts";

export const GET = route(async (req) => NextResponse.json({ user: publicUser(await requireUser(req)) }));
