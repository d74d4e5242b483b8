import { NextResponse } from "next/server";
import { clientIp, readBody, route } from "@/lib/http";
import { emailOnlySchema } from "@/lib/auth/schema";
import { resendConfirmation } from "@/lib/auth/accounts";

export const POST = route(async (req) => {
  const { email } = await readBody(req, emailOnlySchema);
  return NextResponse.json(await resendConfirmation(email, clientIp(req)));
});
