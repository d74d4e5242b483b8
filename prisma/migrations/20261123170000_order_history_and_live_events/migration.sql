-- Order history (product.md §7): one row per status change, with who made it, written in the
-- same statement as the change (lib/orders/status-changes.ts). The first step, `pending` at
-- placement, is the order's own created_at, so placing an order writes no row here.

-- CreateEnum
CREATE TYPE "OrderActor" AS ENUM ('customer', 'admin', 'system');

-- CreateTable
CREATE TABLE "order_status_changes" (
    "id" TEXT NOT NULL,
    "order_id" TEXT NOT NULL,
    "status" "OrderStatus" NOT NULL,
    "actor" "OrderActor" NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "order_status_changes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "order_status_changes_order_id_created_at_idx" ON "order_status_changes"("order_id", "created_at");

-- AddForeignKey
ALTER TABLE "order_status_changes" ADD CONSTRAINT "order_status_changes_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Orders moved on before history was kept: their current status, as of their last update, by
-- the system (who moved them was not recorded).
INSERT INTO "order_status_changes" ("id", "order_id", "status", "actor", "created_at")
SELECT 'h' || md5("id"), "id", "status", 'system', "updated_at" FROM "orders" WHERE "status" <> 'pending';

-- Live updates (lib/realtime/): every committed change to an order's status and to the menu is
-- announced on the channel `fresh_bowl_events`. pg_notify inside a trigger is delivered only when
-- the transaction commits (and not at all when it rolls back), so listeners never hear of a
-- change that did not happen. Payloads are small JSON: what changed, never personal data beyond
-- the owner's id, which the server uses to decide who may hear of it and never forwards.

CREATE FUNCTION "fresh_bowl_notify_order"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('fresh_bowl_events',
    json_build_object('type', 'order', 'id', NEW."id", 'userId', NEW."user_id", 'status', NEW."status")::text);
  RETURN NULL;
END
$$;

-- One row trigger per placed order (the order path's only extra cost), and one per status change.
CREATE TRIGGER "orders_notify_insert" AFTER INSERT ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "fresh_bowl_notify_order"();
CREATE TRIGGER "orders_notify_status" AFTER UPDATE OF "status" ON "orders"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status") EXECUTE FUNCTION "fresh_bowl_notify_order"();

-- Menu changes: once per statement; PostgreSQL folds identical notifications of one
-- transaction into one, so a seed of many rows announces itself once.
CREATE FUNCTION "fresh_bowl_notify_menu"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('fresh_bowl_events', '{"type":"menu"}');
  RETURN NULL;
END
$$;

CREATE TRIGGER "menu_items_notify" AFTER INSERT OR UPDATE OR DELETE ON "menu_items"
  FOR EACH STATEMENT EXECUTE FUNCTION "fresh_bowl_notify_menu"();
CREATE TRIGGER "categories_notify" AFTER INSERT OR UPDATE OR DELETE ON "categories"
  FOR EACH STATEMENT EXECUTE FUNCTION "fresh_bowl_notify_menu"();
