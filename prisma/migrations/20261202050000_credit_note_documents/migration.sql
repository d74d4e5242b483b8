-- Credit notes as documents of their own (product.md §11): each note keeps what it said when it
-- was issued (seller, buyer, the invoice it corrects, the reason and the amounts) and its PDF as
-- first rendered, so an issued note never changes. Notes issued before this have neither: they are
-- read from their invoice and refund, and their PDF is kept at its first download.
ALTER TABLE "credit_notes" ADD COLUMN "document" JSONB, ADD COLUMN "pdf" BYTEA;
