import { NextResponse } from "next/server";
import { clientIp, readBody, route } from "@/lib/http";
import { registerServerSchema } from "@/lib/auth/password";
import { register } from "@/lib/auth/accounts";

// Extra fields such as `role` are dropped by the schema: every new account is a customer.
export const POST = route(async (req) => {
  const input = await readBody(req, registerServerSchema);
  return NextResponse.json(await register(input, clientIp(req)), { status: 201 });
});
