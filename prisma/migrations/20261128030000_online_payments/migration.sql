-- Paid for real (product.md §10): an order paid online starts as `awaiting_payment` and carries
-- its payment beside it; webhook event ids are remembered so a replayed event does nothing; every
-- refund is a row of its own so a failed one is kept for an admin to retry.

-- AlterEnum
ALTER TYPE "OrderStatus" ADD VALUE 'awaiting_payment' BEFORE 'pending';

-- CreateEnum
CREATE TYPE "PaymentStatus" AS ENUM ('due_on_delivery', 'awaiting', 'paid', 'failed', 'refund_pending', 'partially_refunded', 'refunded');

-- CreateEnum
CREATE TYPE "RefundStatus" AS ENUM ('pending', 'processed', 'failed');

-- CreateEnum
CREATE TYPE "RefundMethod" AS ENUM ('gateway', 'cash');

-- AlterTable
ALTER TABLE "orders" ADD COLUMN "payment_status" "PaymentStatus" NOT NULL DEFAULT 'due_on_delivery',
ADD COLUMN "gateway" TEXT,
ADD COLUMN "gateway_order_id" TEXT,
ADD COLUMN "gateway_payment_id" TEXT,
ADD COLUMN "paid_at" TIMESTAMP(3),
ADD COLUMN "refunded_at" TIMESTAMP(3),
ADD COLUMN "refunded_amount" INTEGER NOT NULL DEFAULT 0;

-- Orders placed before this: none was ever charged online (UPI and Card were only written
-- down), so every one is still owed at the door, and a delivered one was paid there.
UPDATE "orders" SET "payment_status" = 'paid', "paid_at" = "updated_at" WHERE "status" = 'delivered';

-- CreateIndex
CREATE UNIQUE INDEX "orders_gateway_order_id_key" ON "orders"("gateway_order_id");

-- CreateTable
CREATE TABLE "payment_events" (
    "event_id" TEXT NOT NULL,
    "event" TEXT NOT NULL,
    "received_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payment_events_pkey" PRIMARY KEY ("event_id")
);

-- CreateTable
CREATE TABLE "refunds" (
    "id" TEXT NOT NULL,
    "order_id" TEXT NOT NULL,
    "method" "RefundMethod" NOT NULL DEFAULT 'gateway',
    "gateway_payment_id" TEXT,
    "gateway_refund_id" TEXT,
    "amount" INTEGER NOT NULL,
    "reason" TEXT NOT NULL,
    "status" "RefundStatus" NOT NULL DEFAULT 'pending',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,
    "processed_at" TIMESTAMP(3),
    "last_error" TEXT,

    -- A gateway refund goes against one payment; money paid back by hand against none.
    CONSTRAINT "refunds_payment_check" CHECK (("method" = 'gateway') = ("gateway_payment_id" IS NOT NULL)),
    CONSTRAINT "refunds_amount_check" CHECK ("amount" > 0),

    CONSTRAINT "refunds_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "refunds_gateway_refund_id_key" ON "refunds"("gateway_refund_id");

-- CreateIndex
CREATE INDEX "refunds_order_id_idx" ON "refunds"("order_id");

-- AddForeignKey
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
