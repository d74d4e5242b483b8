-- Open for business (product.md §9): the shop's hours, slots and pause, its delivery areas, and
-- each order's slot and promise.

-- The settings: one row, written by the first PUT /api/store; until then the app's defaults
-- (lib/store/rules.ts DEFAULT_SETTINGS) hold, the seed's behaviour.
CREATE TABLE "store_settings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "hours" JSONB NOT NULL,
    "closed_dates" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
    "slot_minutes" INTEGER NOT NULL,
    "orders_per_slot" INTEGER NOT NULL,
    "prep_minutes" INTEGER NOT NULL,
    "days_ahead" INTEGER NOT NULL,
    "paused_at" TIMESTAMP(3),
    "paused_until" TIMESTAMP(3),
    "pause_reason" TEXT,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "store_settings_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "delivery_areas" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "pins" TEXT[],
    "fee" INTEGER NOT NULL,
    "minimum_order" INTEGER NOT NULL DEFAULT 0,
    "free_delivery_from" INTEGER,
    "position" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "delivery_areas_pkey" PRIMARY KEY ("id")
);

-- Every order's slot and promise. Orders placed before slots existed were promised 30 minutes
-- after placing: that half hour becomes their slot.
ALTER TABLE "orders" ADD COLUMN "slot_start" TIMESTAMP(3),
ADD COLUMN "slot_end" TIMESTAMP(3),
ADD COLUMN "promised_by" TIMESTAMP(3),
ADD COLUMN "scheduled" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN "delivery_area" TEXT;

UPDATE "orders" SET "slot_start" = "created_at", "slot_end" = "created_at" + interval '30 minutes',
  "promised_by" = "created_at" + interval '30 minutes';

ALTER TABLE "orders" ALTER COLUMN "slot_start" SET NOT NULL,
ALTER COLUMN "slot_end" SET NOT NULL,
ALTER COLUMN "promised_by" SET NOT NULL;

-- How full a slot is: its orders that are not cancelled.
CREATE INDEX "orders_slot_start_idx" ON "orders"("slot_start") WHERE "status" <> 'cancelled';

-- A step of an order's history may carry a note ("delayed 15 min").
ALTER TABLE "order_status_changes" ADD COLUMN "note" TEXT;

-- The first of `starts` (in the order given) that holds fewer than `capacity` orders that are not
-- cancelled, or NULL. A slot with room is locked until the calling transaction ends, so however
-- many orders arrive at once, each counts the others that took the slot before it: the count is
-- read after the lock, in a statement of its own (a fresh snapshot). Slots are tried in time
-- order by every caller, so two callers never wait on each other in a cycle.
CREATE FUNCTION "book_delivery_slot"(starts TIMESTAMP(3)[], capacity INTEGER) RETURNS TIMESTAMP(3)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  s TIMESTAMP(3);
BEGIN
  FOREACH s IN ARRAY starts LOOP
    CONTINUE WHEN (SELECT count(*) FROM "orders" WHERE "slot_start" = s AND "status" <> 'cancelled') >= capacity;
    PERFORM pg_advisory_xact_lock(1928, (extract(epoch FROM s) / 60)::integer);
    IF (SELECT count(*) FROM "orders" WHERE "slot_start" = s AND "status" <> 'cancelled') < capacity THEN
      RETURN s;
    END IF;
  END LOOP;
  RETURN NULL;
END
$$;
