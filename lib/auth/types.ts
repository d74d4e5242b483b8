import type { Role as DbRole } from "@/lib/generated/prisma/enums";

// Shapes of the auth domain that the pages, the API and the client share (client-safe).

/** The database's `Role` enum as a list, for zod and for `<select>`s; `satisfies` keeps them in step. */
export const ROLES = ["user", "admin", "rider"] as const satisfies readonly DbRole[];

export type Role = (typeof ROLES)[number];

/** A user as the sign-in reply shows them to the browser. */
export type PublicUser = { id: string; name: string; email: string; role: string };
