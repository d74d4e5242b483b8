import { z } from "zod";
import { ROLES } from "@/lib/auth/types";

// zod schemas for the users area, shared by the admin page and PATCH /api/users/{id}.

export const roleUpdateSchema = z.object(
  { role: z.enum(ROLES, { error: "role must be user, admin or rider" }) },
  { error: 'Send {"role": "user"}, {"role": "admin"} or {"role": "rider"}' },
);

// GET /api/users, a page at a time like GET /api/orders (`?limit=&before=`, newest first): 100
// accounts unless asked, at most 500, so one call never reads every account of a large shop.
const USER_LIST_DEFAULT = 100;
const USER_LIST_MAX = 500;
const LIMIT = `limit must be a whole number from 1 to ${USER_LIST_MAX}`;

export const userListQuerySchema = z.object({
  limit: z.coerce.number({ error: LIMIT }).int(LIMIT).min(1, LIMIT).max(USER_LIST_MAX, LIMIT).default(USER_LIST_DEFAULT),
  /** An ISO date (accounts made before it) or an account's id (the accounts after it in the list). */
  before: z
    .string()
    .trim()
    .min(1, "before must be an ISO date or an account id")
    .max(64, "before must be an ISO date or an account id")
    .optional(),
});

export type UserListQuery = z.output<typeof userListQuerySchema>;
