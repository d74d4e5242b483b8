-- A bill to a business (product.md §11): the buyer's GSTIN and legal name, given with the order and
-- copied onto its invoice, which GSTR-1 then lists one by one (B2B). And the invoice's PDF, kept as
-- first rendered: an issued invoice never changes.
ALTER TABLE "orders" ADD COLUMN "buyer_gstin" TEXT, ADD COLUMN "buyer_legal_name" TEXT;
ALTER TABLE "invoices" ADD COLUMN "buyer_gstin" TEXT, ADD COLUMN "buyer_legal_name" TEXT, ADD COLUMN "pdf" BYTEA;
