import "server-only";
import { db } from "@/lib/db";
import { looksLikeRowId } from "@/lib/db/schema";
import { namedStatement, rowsIn, runIn } from "@/lib/db/named-sql";
import { Conflict, NotFound } from "@/lib/errors";
import { assertAdmin } from "@/lib/auth/authorize";
import type { SessionUser } from "@/lib/auth/session";
import { consume } from "@/lib/rate-limit";
import { queueMail } from "@/lib/jobs/mail";
import { addDays, indiaInstant, indiaWallClock } from "@/lib/time";
import { ORDER_NOT_FOUND } from "@/lib/orders/rows";
import { RESOLVE_WITHIN_DAYS, type ApiComplaint, type ComplaintReceipt } from "@/lib/complaints/types";
import type { NewComplaint, Resolution } from "@/lib/complaints/schema";
import { COMPLAINT_NOT_FOUND, complaintInclude, toApiComplaint, toReceipt } from "@/lib/complaints/rows";

// Making and resolving complaints (product.md §11). Each write queues its mail on its own
// transaction: the acknowledgement exists exactly when the ticket does.

const ALREADY_RESOLVED = "This complaint is already resolved.";

/**
 * Ticket numbers run 1, 2, 3… with no gaps: the table is locked against other writers (readers
 * go on) until the creating transaction ends, so two complaints at once take the next two
 * numbers in turn, and a transaction that fails gives its number back.
 */
const LOCK_COMPLAINTS = namedStatement("complaints-lock", `LOCK TABLE complaints IN EXCLUSIVE MODE`);
const NEXT_NUMBER = namedStatement("complaints-next-number", `SELECT COALESCE(MAX(number), 0) + 1 AS next FROM complaints`);

/**
 * Due 30 days after the acknowledgement by India's calendar and clock (to the minute): the same
 * time of day, 30 dates later, whatever the server's zone.
 */
function resolveByOf(acknowledgedAt: Date): Date {
  const { dateKey, minute } = indiaWallClock(acknowledgedAt);
  return indiaInstant(addDays(dateKey, RESOLVE_WITHIN_DAYS), minute);
}

/** A signed-in customer's complaint, about one of their own orders or none; acknowledged by mail at once. */
export async function createComplaint(actor: SessionUser, input: NewComplaint): Promise<ComplaintReceipt> {
  const { orderId } = input;
  // Someone else's order, or none by that id, is not found, as GET /api/orders/{id} answers.
  if (orderId !== null && !looksLikeRowId(orderId)) throw new NotFound(ORDER_NOT_FOUND);
  // Spent before the work: each complaint mails its acknowledgement.
  await consume("complaintAccount", actor.id);
  return db().$transaction(async (tx) => {
    if (orderId !== null && (await tx.order.count({ where: { id: orderId, userId: actor.id } })) === 0) {
      throw new NotFound(ORDER_NOT_FOUND);
    }
    await runIn(tx, LOCK_COMPLAINTS({}));
    const [{ next }] = await rowsIn<{ next: number }>(tx, NEXT_NUMBER({}));
    // Taken after the lock, so numbers and acknowledgement times run in the same order.
    const acknowledgedAt = new Date();
    const row = await tx.complaint.create({
      data: {
        number: Number(next),
        userId: actor.id,
        orderId,
        category: input.category,
        description: input.description,
        acknowledgedAt,
        resolveBy: resolveByOf(acknowledgedAt),
      },
      select: { id: true, number: true, acknowledgedAt: true, resolveBy: true },
    });
    await queueMail(tx, { mail: "complaint-acknowledged", complaintId: row.id });
    return toReceipt(row);
  });
}

/** An admin resolves an open ticket with what was done; the customer is mailed the resolution. */
export async function resolveComplaint(admin: SessionUser, id: string, input: Resolution): Promise<ApiComplaint> {
  assertAdmin(admin);
  if (!looksLikeRowId(id)) throw new NotFound(COMPLAINT_NOT_FOUND);
  return db().$transaction(async (tx) => {
    // Only an open ticket moves: two admins resolving at once, the second is told it is done.
    const { count } = await tx.complaint.updateMany({
      where: { id, status: "open" },
      data: { status: "resolved", resolution: input.resolution, resolvedAt: new Date(), resolvedById: admin.id },
    });
    if (count === 0) {
      const exists = await tx.complaint.count({ where: { id } });
      throw exists ? new Conflict(ALREADY_RESOLVED) : new NotFound(COMPLAINT_NOT_FOUND);
    }
    await queueMail(tx, { mail: "complaint-resolved", complaintId: id });
    return toApiComplaint(await tx.complaint.findUniqueOrThrow({ where: { id }, include: complaintInclude }));
  });
}
