-- The kitchen display reads each status's oldest orders after a given one, ordered by
-- (created_at, id) (lib/orders/kitchen.ts). With the id in the index that is one range of it;
-- without, the planner walked the created_at index past the whole order history. The old
-- (status, created_at) index is a prefix of this one, so it goes.

-- DropIndex
DROP INDEX "orders_status_created_at_idx";

-- CreateIndex
CREATE INDEX "orders_status_created_at_id_idx" ON "orders"("status", "created_at", "id");
