-- The dashboard at a million orders (issue 37): indexes that bound today's takings and deliveries
-- to today: the history's deliveries by (status, created_at), payments by paid_at, refunds by
-- processed_at. Day totals kept by triggers were tried and left out: every order placed, paid or
-- cancelled that day wrote the same rows inside its own transaction, and the load run's orders
-- waited on them (bench/README.md).

CREATE INDEX "order_status_changes_status_created_at_order_id_idx" ON "order_status_changes"("status", "created_at", "order_id");
CREATE INDEX "orders_paid_at_idx" ON "orders"("paid_at");
CREATE INDEX "refunds_processed_at_idx" ON "refunds"("processed_at");
