import type { Prisma } from "@/lib/generated/prisma/client";

// The database's shapes the domains pass around (types only, so any module may import them).

/** The `tx` of `db().$transaction(async (tx) => …)`: a write that belongs to the caller's transaction takes one. */
export type Transaction = Prisma.TransactionClient;

/** Anything that runs raw SQL on the caller's transaction (queueing a mail needs no more). */
export type SqlExecutor = Pick<Transaction, "$executeRawUnsafe">;
