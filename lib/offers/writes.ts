import "server-only";
import { db } from "@/lib/db";
import { looksLikeRowId } from "@/lib/db/schema";
import { isRecordNotFound, isUniqueViolation } from "@/lib/db/errors";
import { Conflict, NotFound } from "@/lib/errors";
import { assertAdmin } from "@/lib/auth/authorize";
import type { SessionUser } from "@/lib/auth/session";
import type { NewOffer } from "@/lib/offers/schema";
import type { ApiOffer } from "@/lib/offers/types";
import { OFFER_NOT_FOUND, toApiOffer } from "@/lib/offers/rows";

// An admin's offers (product.md §13). The code's uniqueness without regard to case is the
// database's (a unique index on lower(code)), so two admins saving one code at once get one offer.

const taken = (code: string) =>
  new Conflict(`An offer with the code ${code.toUpperCase()} already exists.`, { field: "code" }, "offer_code_taken");

export async function createOffer(admin: SessionUser, input: NewOffer): Promise<ApiOffer> {
  assertAdmin(admin);
  try {
    return toApiOffer(await db().offer.create({ data: input }));
  } catch (error) {
    throw isUniqueViolation(error) ? taken(input.code) : error;
  }
}

/** Replaces the offer's terms; orders already placed keep what they were given. */
export async function updateOffer(admin: SessionUser, id: string, input: NewOffer): Promise<ApiOffer> {
  assertAdmin(admin);
  if (!looksLikeRowId(id)) throw new NotFound(OFFER_NOT_FOUND);
  try {
    return toApiOffer(await db().offer.update({ where: { id }, data: input }));
  } catch (error) {
    if (isUniqueViolation(error)) throw taken(input.code);
    throw isRecordNotFound(error) ? new NotFound(OFFER_NOT_FOUND) : error;
  }
}

/**
 * DELETE /api/offers/{id}: the offer stops applying at once but stays, with its uses, so what
 * each order was given can still be told; an admin may turn it on again.
 */
export async function deactivateOffer(admin: SessionUser, id: string): Promise<{ message: string }> {
  assertAdmin(admin);
  if (!looksLikeRowId(id)) throw new NotFound(OFFER_NOT_FOUND);
  const { count } = await db().offer.updateMany({ where: { id }, data: { active: false } });
  if (count === 0) throw new NotFound(OFFER_NOT_FOUND);
  return { message: "Offer deactivated." };
}
