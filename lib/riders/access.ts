import { Forbidden } from "@/lib/errors";
import type { Role } from "@/lib/auth/types";

// Who has a rider's page and switch (product.md §12): checked by the riders' routes and again by
// the domain functions they call.

export const RIDERS_ONLY = "Only riders have a rider's page.";

/** Throws Forbidden (403 `not_a_rider`) unless the acting user is a rider, or (`orAdmin`) an admin. */
export function assertRider(actor: { role: Role }, { orAdmin = false } = {}): void {
  if (actor.role === "rider" || (orAdmin && actor.role === "admin")) return;
  throw new Forbidden(RIDERS_ONLY, "not_a_rider");
}
