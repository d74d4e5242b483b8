import "server-only";
import { db } from "@/lib/db";
import { looksLikeRowId } from "@/lib/db/schema";
import { namedStatement, rowsIn } from "@/lib/db/named-sql";
import type { Transaction } from "@/lib/db/types";
import { Forbidden, Invalid, NotFound } from "@/lib/errors";
import { ADMINS_ONLY, assertAdmin } from "@/lib/auth/authorize";
import type { SessionUser } from "@/lib/auth/session";
import { formatRupees } from "@/lib/money";
import { addDays, indiaDayKey, indiaInstant } from "@/lib/time";
import type { RiderLedger, RiderSettlement } from "@/lib/riders/types";
import { ledgerOf } from "@/lib/riders/ledger-sums";
import { dayCounts, owedNow } from "@/lib/riders/cash";

// The cash-up (product.md §12): a rider's ledger per India day, and the cash they hand in, never
// more than they owe in all.

const RIDER_NOT_FOUND = "Rider not found.";

/** The rider's row, locked: two settlements for one rider take turns, the second counting the first. */
const LOCK_RIDER = namedStatement("riders-lock-rider", `SELECT id FROM users WHERE id = :id AND role = 'rider' FOR UPDATE`);

async function lockRider(tx: Transaction, id: string): Promise<void> {
  if (!looksLikeRowId(id) || (await rowsIn(tx, LOCK_RIDER({ id }))).length === 0) throw new NotFound(RIDER_NOT_FOUND);
}

/**
 * GET /api/riders/{id}/ledger?date= (admins, and a rider for their own): the India day's
 * deliveries, cash collected and handed in, and what was still owed at its end (today: now).
 */
export async function riderLedger(viewer: SessionUser, riderId: string, date = indiaDayKey(new Date())): Promise<RiderLedger> {
  if (viewer.role !== "admin" && !(viewer.role === "rider" && viewer.id === riderId)) throw new Forbidden(ADMINS_ONLY);
  const [start, end] = [indiaInstant(date, 0), indiaInstant(addDays(date, 1), 0)];
  // One snapshot for the rider and their sums.
  return db().$transaction(
    async (tx) => {
      if (!looksLikeRowId(riderId) || !(await tx.user.findFirst({ where: { id: riderId, role: "rider" }, select: { id: true } }))) {
        throw new NotFound(RIDER_NOT_FOUND);
      }
      return ledgerOf(date, await dayCounts(tx, riderId, start, end));
    },
    { isolationLevel: "RepeatableRead" },
  );
}

/** POST /api/riders/{id}/settlements (admins): cash the rider handed in, 1 to SETTLEMENT_MAX rupees, at most what they owe. */
export async function recordSettlement(
  viewer: SessionUser,
  riderId: string,
  { amount, note }: { amount: number; note?: string | null },
): Promise<RiderSettlement> {
  assertAdmin(viewer);
  return db().$transaction(async (tx) => {
    await lockRider(tx, riderId);
    const owed = await owedNow(tx, riderId);
    if (amount > owed) {
      throw new Invalid(`This rider owes ${formatRupees(owed)} in all: a settlement cannot be more.`, "amount", "more_than_owed");
    }
    const row = await tx.riderSettlement.create({ data: { riderId, amount, note: note ?? null, createdById: viewer.id } });
    return { id: row.id, riderId, amount, note: row.note, createdAt: row.createdAt.toISOString(), createdBy: row.createdById };
  });
}
