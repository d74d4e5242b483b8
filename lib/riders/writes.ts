import "server-only";
import { db } from "@/lib/db";
import { Forbidden, Invalid } from "@/lib/errors";
import type { SessionUser } from "@/lib/auth/session";
import type { RiderHome } from "@/lib/riders/types";
import { riderHome } from "@/lib/riders/queries";
import { assertRider, RIDERS_ONLY } from "@/lib/riders/access";

// A rider's own switch (product.md §12): on duty or not, and the phone customers call.

const PHONE_BEFORE_DUTY = "Add the phone number customers can call you on before going on duty.";

/**
 * PUT /api/riders/me (riders only): sets the on-duty switch, and the phone when given (+91 and
 * 10 digits, riderPhoneSchema). Going on duty takes a phone, given now or kept from before.
 */
export async function setDuty(viewer: SessionUser, change: { onDuty: boolean; phone?: string }): Promise<RiderHome> {
  assertRider(viewer);
  const updated = await db().user.updateMany({
    // Only a rider's row, and on duty only with a phone: checked by the write itself.
    where: { id: viewer.id, role: "rider", ...(change.onDuty && !change.phone ? { phone: { not: null } } : {}) },
    data: { onDuty: change.onDuty, ...(change.phone ? { phone: change.phone } : {}) },
  });
  if (updated.count === 0) {
    const role = await db().user.findUnique({ where: { id: viewer.id }, select: { role: true } });
    if (role?.role !== "rider") throw new Forbidden(RIDERS_ONLY, "not_a_rider");
    throw new Invalid(PHONE_BEFORE_DUTY, "phone");
  }
  return riderHome(viewer);
}
