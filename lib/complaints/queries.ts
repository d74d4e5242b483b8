import "server-only";
import { db } from "@/lib/db";
import { looksLikeRowId } from "@/lib/db/schema";
import { assertAdmin } from "@/lib/auth/authorize";
import type { SessionUser } from "@/lib/auth/session";
import type { ApiComplaint, ComplaintStatus } from "@/lib/complaints/types";
import { complaintInclude, toApiComplaint } from "@/lib/complaints/rows";

// Reading complaints (product.md §11): a customer their own, an admin all of them.

/** The most a list answers; a kitchen with more open tickets than this has other problems. */
const LIST_LIMIT = 200;

/**
 * GET /api/complaints: newest first, the caller's own (everyone's for an admin, unless `ownOnly`:
 * the help page, where an admin is a customer too).
 */
export async function listComplaints(
  viewer: SessionUser,
  filter: { status?: ComplaintStatus; ownOnly?: boolean } = {},
): Promise<ApiComplaint[]> {
  const everyone = viewer.role === "admin" && !filter.ownOnly;
  const rows = await db().complaint.findMany({
    where: { ...(everyone ? {} : { userId: viewer.id }), ...(filter.status ? { status: filter.status } : {}) },
    include: complaintInclude,
    orderBy: [{ acknowledgedAt: "desc" }, { number: "desc" }],
    take: LIST_LIMIT,
  });
  const now = new Date();
  return rows.map((row) => toApiComplaint(row, now));
}

/** /admin/complaints: the open tickets, oldest (the most pressing) first. Admins only. */
export async function openComplaints(admin: SessionUser): Promise<ApiComplaint[]> {
  assertAdmin(admin);
  const rows = await db().complaint.findMany({
    where: { status: "open" },
    include: complaintInclude,
    orderBy: [{ acknowledgedAt: "asc" }, { number: "asc" }],
    take: LIST_LIMIT,
  });
  const now = new Date();
  return rows.map((row) => toApiComplaint(row, now));
}

/** The tickets about one order, for its admin page (the refund is made there). Admins only. */
export async function complaintsOfOrder(admin: SessionUser, orderId: string): Promise<ApiComplaint[]> {
  assertAdmin(admin);
  if (!looksLikeRowId(orderId)) return [];
  const rows = await db().complaint.findMany({ where: { orderId }, include: complaintInclude, orderBy: { number: "asc" } });
  const now = new Date();
  return rows.map((row) => toApiComplaint(row, now));
}

/** One ticket with its customer, for its mails (read when sent: the ticket as it is now). */
export async function complaintForMail(id: string): Promise<ApiComplaint | null> {
  const row = await db().complaint.findUnique({ where: { id }, include: complaintInclude });
  return row ? toApiComplaint(row) : null;
}
