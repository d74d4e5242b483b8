-- Running late (product.md §9): when the kitchen moves an order's promise, the customer's open
-- page and the kitchen displays hear of it at once, as they do of a status change. Same payload
-- and function as the other order triggers; delivered only when the transaction commits.
CREATE TRIGGER "orders_notify_promise" AFTER UPDATE OF "promised_by" ON "orders"
  FOR EACH ROW WHEN (OLD."promised_by" IS DISTINCT FROM NEW."promised_by") EXECUTE FUNCTION "fresh_bowl_notify_order"();
