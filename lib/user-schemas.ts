import { z } from "zod";

// zod schemas for the users area, shared by the admin page and PATCH /api/users/{id}.

export const ROLES = ["user", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const roleUpdateSchema = z.object(
  { role: z.enum(ROLES, { error: "role must be user or admin" }) },
  { error: 'Send {"role": "user"} or {"role": "admin"}' },
);
