-- Complaints (product.md §11; Consumer Protection (E-Commerce) Rules 2020, r.4(5)): a ticket
-- FB-C-<number>, acknowledged at once, to be resolved within 30 days.
--
-- The customer's complaints go with their account (CASCADE); an order removed leaves its
-- complaint standing, unlinked (SET NULL): the ticket is the kitchen's record of what was said.
CREATE TYPE "ComplaintCategory" AS ENUM ('missing_item', 'wrong_item', 'quality', 'late', 'payment', 'other');
CREATE TYPE "ComplaintStatus" AS ENUM ('open', 'resolved');

CREATE TABLE "complaints" (
    "id" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "user_id" TEXT NOT NULL,
    "order_id" TEXT,
    "category" "ComplaintCategory" NOT NULL,
    "description" TEXT NOT NULL,
    "status" "ComplaintStatus" NOT NULL DEFAULT 'open',
    "acknowledged_at" TIMESTAMP(3) NOT NULL,
    "resolve_by" TIMESTAMP(3) NOT NULL,
    "resolution" TEXT,
    "resolved_at" TIMESTAMP(3),
    "resolved_by_id" TEXT,

    CONSTRAINT "complaints_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "complaints_number_key" ON "complaints"("number");
CREATE INDEX "complaints_status_acknowledged_at_idx" ON "complaints"("status", "acknowledged_at");
CREATE INDEX "complaints_user_id_acknowledged_at_idx" ON "complaints"("user_id", "acknowledged_at");
CREATE INDEX "complaints_order_id_idx" ON "complaints"("order_id");

ALTER TABLE "complaints" ADD CONSTRAINT "complaints_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- A resolved ticket says how: the API checks it first, with its message.
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_resolution" CHECK ("status" = 'open' OR ("resolution" IS NOT NULL AND "resolved_at" IS NOT NULL));
