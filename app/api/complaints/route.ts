import { NextResponse } from "next/server";
import { parseWith, readBody, route } from "@/lib/http";
import { requireUser } from "@/lib/auth/session";
import { complaintSchema, listQuerySchema } from "@/lib/complaints/schema";
import { createComplaint } from "@/lib/complaints/writes";
import { listComplaints } from "@/lib/complaints/queries";

// Complaints (product.md §11): a signed-in customer reports a problem; they read their own
// tickets, admins everyone's.
export const POST = route(async (req) => {
  const user = await requireUser(req);
  const input = await readBody(req, complaintSchema);
  return NextResponse.json(await createComplaint(user, input), { status: 201 });
});

export const GET = route(async (req) => {
  const user = await requireUser(req);
  const { searchParams } = new URL(req.url);
  const query = parseWith(listQuerySchema, { status: searchParams.get("status") ?? undefined });
  return NextResponse.json(await listComplaints(user, query));
});
