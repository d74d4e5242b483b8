-- The bill (product.md §11): the packaging charge an order was placed with, the tax invoice (or
-- bill of supply, or receipt) issued when it is delivered, the credit notes issued when money
-- goes back on an invoiced order, and the gapless counters that number them.
--
-- Amounts on bills are paise (the tax splits to the paisa); the order's own amounts stay rupees.
-- An issued document is never rewritten: `document` keeps the whole bill as it was issued, so
-- later edits of the business details, menu or address never change it.

-- CreateEnum
CREATE TYPE "DocumentKind" AS ENUM ('tax_invoice', 'bill_of_supply', 'receipt');

-- AlterTable: whole rupees, part of `total`; orders placed before this had none.
ALTER TABLE "orders" ADD COLUMN "packaging_charge" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "invoices" (
    "id" TEXT NOT NULL,
    "order_id" TEXT NOT NULL,
    "number" TEXT NOT NULL,
    "financial_year" TEXT NOT NULL,
    "serial" INTEGER NOT NULL,
    "kind" "DocumentKind" NOT NULL,
    "issued_at" TIMESTAMP(3) NOT NULL,
    "total" INTEGER NOT NULL,
    "taxable_value" INTEGER NOT NULL,
    "cgst" INTEGER NOT NULL,
    "sgst" INTEGER NOT NULL,
    "place_of_supply" TEXT NOT NULL,
    "document" JSONB NOT NULL,

    CONSTRAINT "invoices_pkey" PRIMARY KEY ("id"),
    -- The tax is split out of the total, never added on top of it.
    CONSTRAINT "invoices_split_check" CHECK ("taxable_value" + "cgst" + "sgst" = "total"),
    CONSTRAINT "invoices_serial_check" CHECK ("serial" > 0)
);

-- CreateTable
CREATE TABLE "credit_notes" (
    "id" TEXT NOT NULL,
    "invoice_id" TEXT NOT NULL,
    "refund_id" TEXT NOT NULL,
    "number" TEXT NOT NULL,
    "financial_year" TEXT NOT NULL,
    "serial" INTEGER NOT NULL,
    "issued_at" TIMESTAMP(3) NOT NULL,
    "amount" INTEGER NOT NULL,
    "taxable_value" INTEGER NOT NULL,
    "cgst" INTEGER NOT NULL,
    "sgst" INTEGER NOT NULL,

    CONSTRAINT "credit_notes_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "credit_notes_split_check" CHECK ("taxable_value" + "cgst" + "sgst" = "amount"),
    CONSTRAINT "credit_notes_serial_check" CHECK ("serial" > 0)
);

-- CreateTable: the last number given in each series and financial year. Bumped with
-- INSERT … ON CONFLICT DO UPDATE inside the transaction that issues the document, so the row
-- lock serialises concurrent issuers and a rolled-back transaction gives its number back.
CREATE TABLE "document_counters" (
    "series" TEXT NOT NULL,
    "financial_year" TEXT NOT NULL,
    "last_serial" INTEGER NOT NULL,

    CONSTRAINT "document_counters_pkey" PRIMARY KEY ("series", "financial_year")
);

-- CreateIndex
CREATE UNIQUE INDEX "invoices_order_id_key" ON "invoices"("order_id");

-- CreateIndex
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices"("number");

-- CreateIndex
CREATE UNIQUE INDEX "invoices_financial_year_serial_key" ON "invoices"("financial_year", "serial");

-- CreateIndex: the monthly GST figures read invoices by their date.
CREATE INDEX "invoices_issued_at_idx" ON "invoices"("issued_at");

-- CreateIndex
CREATE UNIQUE INDEX "credit_notes_refund_id_key" ON "credit_notes"("refund_id");

-- CreateIndex
CREATE UNIQUE INDEX "credit_notes_number_key" ON "credit_notes"("number");

-- CreateIndex
CREATE UNIQUE INDEX "credit_notes_financial_year_serial_key" ON "credit_notes"("financial_year", "serial");

-- CreateIndex
CREATE INDEX "credit_notes_invoice_id_idx" ON "credit_notes"("invoice_id");

-- CreateIndex
CREATE INDEX "credit_notes_issued_at_idx" ON "credit_notes"("issued_at");

-- AddForeignKey: an issued bill is a tax record; its order cannot be deleted from under it.
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_id_fkey" FOREIGN KEY ("invoice_id") REFERENCES "invoices"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_refund_id_fkey" FOREIGN KEY ("refund_id") REFERENCES "refunds"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
