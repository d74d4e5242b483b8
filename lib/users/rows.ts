import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { ApiUser } from "@/lib/users/types";
import { pick, withIds } from "@/lib/api-record";

// A user row as the API shows it (contract §4): never the password hash, tokens or session version.

export const userSelect = {
  id: true,
  name: true,
  email: true,
  role: true,
  emailConfirmedAt: true,
  createdAt: true,
  orderCount: true,
} satisfies Prisma.UserSelect;

type UserRow = Prisma.UserGetPayload<{ select: typeof userSelect }>;

export function toApiUser(row: UserRow): ApiUser {
  return {
    ...withIds(row.id),
    ...pick(row, ["name", "email", "role"]),
    confirmed: row.emailConfirmedAt !== null,
    createdAt: row.createdAt.toISOString(),
    orderCount: row.orderCount,
  };
}
