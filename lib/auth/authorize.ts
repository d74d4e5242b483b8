import { Forbidden } from "@/lib/errors";
import type { Role } from "@/lib/auth/types";

// Authorisation is checked in lib/, with the acting user as a parameter, so a page, a route and
// a script that reach the same write get the same answer whatever they checked first.

export const ADMINS_ONLY = "Admins only.";

/** Throws Forbidden (403) unless the acting user is an admin. */
export function assertAdmin(actor: { role: Role }): void {
  if (actor.role !== "admin") throw new Forbidden(ADMINS_ONLY);
}
