import { NextResponse } from "next/server";
import { readBody, route } from "@/lib/http";
import { requireUser } from "@/lib/auth/session";
import { addressChangeSchema } from "@/lib/addresses/schema";
import { deleteAddress, updateAddress } from "@/lib/addresses/writes";

// One saved address of the signed-in customer (product.md §13); someone else's is not found.
export const PUT = route<RouteContext<"/api/addresses/[id]">>(async (req, ctx) => {
  const user = await requireUser(req);
  const { id } = await ctx.params;
  const change = await readBody(req, addressChangeSchema);
  return NextResponse.json(await updateAddress(user, id, change));
});

export const DELETE = route<RouteContext<"/api/addresses/[id]">>(async (req, ctx) => {
  const user = await requireUser(req);
  const { id } = await ctx.params;
  return NextResponse.json(await deleteAddress(user, id));
});
