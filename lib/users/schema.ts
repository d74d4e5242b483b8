import { z } from "zod";
import { ROLES } from "@/lib/auth/types";

// zod schemas for the users area, shared by the admin page and PATCH /api/users/{id}.

export const roleUpdateSchema = z.object(
  { role: z.enum(ROLES, { error: "role must be user or admin" }) },
  { error: 'Send {"role": "user"} or {"role": "admin"}' },
);
