import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";

// A complaint made straight in the database (no rate limit spent, no mail queued), for tests that
// need one to exist: numbered after the last, as the shop numbers them (one test at a time per
// database, so nothing races it).
export async function storedComplaint(userId: string, over: Partial<Prisma.ComplaintUncheckedCreateInput> = {}) {
  const { _max } = await db().complaint.aggregate({ _max: { number: true } });
  const acknowledgedAt = new Date();
  return db().complaint.create({
    data: {
      number: (_max.number ?? 0) + 1,
      userId,
      category: "quality",
      description: "The leaves were wilted.",
      acknowledgedAt,
      resolveBy: new Date(acknowledgedAt.getTime() + 30 * 24 * 60 * 60_000),
      ...over,
    },
  });
}
