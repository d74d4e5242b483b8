import { randomBytes } from "node:crypto";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";

/** A fresh code nobody else's test holds: letters and digits, as the API takes them. */
export const freshCode = (prefix = "T") => `${prefix}${randomBytes(5).toString("hex").toUpperCase()}`;

// An offer made straight in the database, for tests that need one to exist (product.md §13).
export async function storedOffer(over: Partial<Prisma.OfferUncheckedCreateInput> = {}) {
  return db().offer.create({ data: { code: freshCode(), kind: "flat", amount: 50, perCustomer: 100, ...over } });
}
