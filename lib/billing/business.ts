import "server-only";
import { assertAdmin } from "@/lib/auth/authorize";
import type { SessionUser } from "@/lib/auth/session";
import { cacheLife, cacheTag, revalidateTag } from "next/cache";
import { db } from "@/lib/db";
import type { BusinessDetails as Row } from "@/lib/generated/prisma/client";
import { FRESH_INSTALL_BUSINESS, type BusinessSettings } from "@/lib/billing/business-schema";
import type { BusinessDetails } from "@/lib/billing/types";

// The business on the bill in PostgreSQL (product.md §11): one row, absent on a fresh install,
// which then runs on FRESH_INSTALL_BUSINESS (unregistered: plain receipts, no FSSAI line).
// Every shop page's footer shows part of it, and those pages are prerendered: they read it
// through a 'use cache' function under the business tag, which a save expires, on every
// instance (cache-handlers/tag-expiry.mjs), as the menu's tag works (lib/menu/cache.ts).

const BUSINESS_ID = 1;
const BUSINESS_TAG = "business";

function detailsOf(row: Row | null): BusinessDetails {
  if (!row) return FRESH_INSTALL_BUSINESS;
  return {
    legalName: row.legalName,
    tradeName: row.tradeName,
    address: row.address,
    state: row.state,
    gstin: row.gstin,
    fssai: row.fssai,
    regime: row.regime,
    invoicePrefix: row.invoicePrefix,
    packagingCharge: row.packagingCharge,
    grievanceOfficer: {
      name: row.grievanceOfficerName,
      designation: row.grievanceOfficerDesignation,
      email: row.grievanceOfficerEmail,
      phone: row.grievanceOfficerPhone,
    },
  };
}

/** The details as saved now: for whatever decides something from them (the settings form, a bill). */
export async function readBusiness(): Promise<BusinessDetails> {
  return detailsOf(await db().businessDetails.findUnique({ where: { id: BUSINESS_ID } }));
}

/**
 * The details for what only shows them (the footer, GET /api/store): cached until an admin
 * saves. They change a few times in a shop's life; the life only bounds what is kept should an
 * expiry ever be missed.
 */
export async function cachedBusiness(): Promise<BusinessDetails> {
  "use cache";
  cacheTag(BUSINESS_TAG);
  cacheLife("days");
  return readBusiness();
}

/** After a change: the next read of any page or reply showing the details is fresh. */
function expireBusiness(): void {
  revalidateTag(BUSINESS_TAG, { expire: 0 });
}

/** Saves the whole of the details (checked by businessSchema); the details after. Admins only. */
export async function updateBusiness(admin: SessionUser, input: BusinessSettings): Promise<BusinessDetails> {
  assertAdmin(admin);
  const { grievanceOfficer, ...rest } = input;
  const columns = {
    ...rest,
    grievanceOfficerName: grievanceOfficer.name,
    grievanceOfficerDesignation: grievanceOfficer.designation,
    grievanceOfficerEmail: grievanceOfficer.email,
    grievanceOfficerPhone: grievanceOfficer.phone,
  };
  // One statement: two admins saving at once each write a whole set of details, the later wins.
  const row = await db().businessDetails.upsert({ where: { id: BUSINESS_ID }, create: { id: BUSINESS_ID, ...columns }, update: columns });
  expireBusiness();
  return detailsOf(row);
}

/** Forgets the details: back to the fresh install (plain receipts, no FSSAI line). Admins only. */
export async function clearBusiness(admin: SessionUser): Promise<BusinessDetails> {
  assertAdmin(admin);
  await db().businessDetails.deleteMany({ where: { id: BUSINESS_ID } });
  expireBusiness();
  return FRESH_INSTALL_BUSINESS;
}
