import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { ticketNumber, type ApiComplaint, type ComplaintReceipt } from "@/lib/complaints/types";

// A complaint row as the API and the pages show it.

export const complaintInclude = { user: { select: { id: true, name: true, email: true } } } satisfies Prisma.ComplaintInclude;

type Row = Prisma.ComplaintGetPayload<{ include: typeof complaintInclude }>;

export const COMPLAINT_NOT_FOUND = "Complaint not found.";

export function toReceipt(row: Pick<Row, "id" | "number" | "acknowledgedAt" | "resolveBy">): ComplaintReceipt {
  return {
    id: row.id,
    number: ticketNumber(row.number),
    status: "open",
    acknowledgedAt: row.acknowledgedAt.toISOString(),
    resolveBy: row.resolveBy.toISOString(),
  };
}

export function toApiComplaint(row: Row, now = new Date()): ApiComplaint {
  return {
    id: row.id,
    _id: row.id,
    number: ticketNumber(row.number),
    status: row.status,
    category: row.category,
    description: row.description,
    orderId: row.orderId,
    acknowledgedAt: row.acknowledgedAt.toISOString(),
    resolveBy: row.resolveBy.toISOString(),
    overdue: row.status === "open" && row.resolveBy.getTime() < now.getTime(),
    resolution: row.resolution,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    user: row.user,
  };
}
