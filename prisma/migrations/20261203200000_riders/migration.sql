-- The kitchen's own riders (product.md §12, decision 13).
--
-- A rider is a user with the role `rider` (also a customer), who says when they are on duty and
-- gives the phone customers call. An order carries the rider it is assigned to, the 4-digit code
-- its customer gives the rider at the door, and how many wrong codes were tried; a cash order
-- delivered records which rider took the cash. Cash handed in by a rider is a settlement.
-- The new enum values are not used below: a value added in a transaction is usable only after it.
ALTER TYPE "Role" ADD VALUE 'rider';
ALTER TYPE "OrderActor" ADD VALUE 'rider';

ALTER TABLE "users" ADD COLUMN "on_duty" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "users" ADD COLUMN "phone" TEXT;

-- The handover code is made by the placing statement (crypto.randomInt); the default, from
-- PostgreSQL's own cryptographic randomness, gives every order placed before a code of its own
-- and keeps orders written by other paths (tests, scripts) from going without one.
ALTER TABLE "orders" ADD COLUMN "rider_id" TEXT;
ALTER TABLE "orders" ADD COLUMN "handover_code" TEXT NOT NULL
  DEFAULT lpad(((('x' || substr(md5(gen_random_uuid()::text), 1, 8))::bit(32)::bigint) % 10000)::text, 4, '0');
ALTER TABLE "orders" ADD COLUMN "handover_attempts" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "orders" ADD COLUMN "collected_by_id" TEXT;

ALTER TABLE "orders" ADD CONSTRAINT "orders_rider_id_fkey" FOREIGN KEY ("rider_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "orders" ADD CONSTRAINT "orders_collected_by_id_fkey" FOREIGN KEY ("collected_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- A rider's orders by status (their page, the active counts of GET /api/riders).
CREATE INDEX "orders_rider_id_status_idx" ON "orders"("rider_id", "status");

-- Cash a rider handed in, in whole rupees; never more than they owe (lib/riders/settlements.ts,
-- under a lock on the rider's row).
CREATE TABLE "rider_settlements" (
    "id" TEXT NOT NULL,
    "rider_id" TEXT NOT NULL,
    "amount" INTEGER NOT NULL,
    "note" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_by_id" TEXT NOT NULL,

    CONSTRAINT "rider_settlements_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "rider_settlements_amount_check" CHECK ("amount" BETWEEN 1 AND 100000)
);

CREATE INDEX "rider_settlements_rider_id_created_at_idx" ON "rider_settlements"("rider_id", "created_at");

ALTER TABLE "rider_settlements" ADD CONSTRAINT "rider_settlements_rider_id_fkey" FOREIGN KEY ("rider_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "rider_settlements" ADD CONSTRAINT "rider_settlements_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Live updates: a rider hears of the orders assigned to them (and of one taken away), so the
-- order's notice names its rider now and before; an assignment is announced like a status change.
CREATE OR REPLACE FUNCTION "fresh_bowl_notify_order"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('fresh_bowl_events',
    json_build_object('type', 'order', 'id', NEW."id", 'userId', NEW."user_id", 'status', NEW."status",
      'riderIds', (SELECT coalesce(json_agg(DISTINCT r), '[]'::json) FROM unnest(ARRAY[NEW."rider_id",
        CASE WHEN TG_OP = 'UPDATE' THEN OLD."rider_id" END]) AS r WHERE r IS NOT NULL))::text);
  RETURN NULL;
END
$$;

CREATE TRIGGER "orders_notify_rider" AFTER UPDATE OF "rider_id" ON "orders"
  FOR EACH ROW WHEN (OLD."rider_id" IS DISTINCT FROM NEW."rider_id") EXECUTE FUNCTION "fresh_bowl_notify_order"();
