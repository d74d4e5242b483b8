-- The business on the bill (product.md §11): names, address and state, GSTIN, FSSAI licence,
-- GST regime, invoice prefix, packaging charge and grievance officer. One row, written by the
-- first PUT /api/store/business; until then the app's fresh install holds
-- (lib/billing/business-schema.ts FRESH_INSTALL_BUSINESS: unregistered, plain receipts).
--
-- A table of its own rather than columns on store_settings: it is saved whole, by its own
-- endpoint, with every field required (a store_settings row exists with the fresh install's
-- hours as soon as the kitchen pauses, and would need nullable columns for details nobody gave).

CREATE TYPE "GstRegime" AS ENUM ('regular', 'composition', 'unregistered');

CREATE TABLE "business_details" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "legal_name" TEXT NOT NULL,
    "trade_name" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "gstin" TEXT,
    "fssai" TEXT NOT NULL,
    "regime" "GstRegime" NOT NULL,
    "invoice_prefix" TEXT NOT NULL,
    "packaging_charge" INTEGER NOT NULL DEFAULT 0,
    "grievance_officer_name" TEXT NOT NULL,
    "grievance_officer_email" TEXT NOT NULL,
    "grievance_officer_phone" TEXT NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "business_details_pkey" PRIMARY KEY ("id")
);

-- What every bill relies on, held by the database too (the API checks it first, with messages):
-- one row; a registered kitchen has its GSTIN; the packaging charge within the contract's range.
ALTER TABLE "business_details" ADD CONSTRAINT "business_details_single_row" CHECK ("id" = 1);
ALTER TABLE "business_details" ADD CONSTRAINT "business_details_gstin" CHECK ("gstin" IS NOT NULL OR "regime" = 'unregistered');
ALTER TABLE "business_details" ADD CONSTRAINT "business_details_packaging_charge" CHECK ("packaging_charge" BETWEEN 0 AND 100);
