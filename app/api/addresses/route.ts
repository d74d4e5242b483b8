import { NextResponse } from "next/server";
import { readBody, route } from "@/lib/http";
import { requireUser } from "@/lib/auth/session";
import { newAddressSchema } from "@/lib/addresses/schema";
import { listAddresses } from "@/lib/addresses/queries";
import { createAddress } from "@/lib/addresses/writes";

// The address book (product.md §13): the signed-in customer's own saved addresses.
export const GET = route(async (req) => {
  const user = await requireUser(req);
  return NextResponse.json(await listAddresses(user));
});

export const POST = route(async (req) => {
  const user = await requireUser(req);
  const input = await readBody(req, newAddressSchema);
  return NextResponse.json(await createAddress(user, input), { status: 201 });
});
