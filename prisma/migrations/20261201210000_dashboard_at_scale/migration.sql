-- The dashboard at a million orders (issue 37). Two kinds of help, so that no figure reads more
-- than its own window:
--
-- 1. Day totals kept by the database itself. The 14 days of revenue and the 7 days of best
--    sellers summed a week or two of orders and their lines on every view (a quarter of a million
--    orders, three quarters of a million lines at 16,000 orders a day). order_day_totals holds,
--    per India day (Asia/Kolkata) of placing, the orders that count (not cancelled, not awaiting
--    payment) and their revenue; order_day_items the portions and line totals of those orders per
--    bowl. Triggers keep them exact in the same transaction as the write, whoever writes (the
--    placement, a status move, a bulk cancel, a deleted menu item, a test's fixture), so no code
--    on the order path changes. Rows are added to in key order, so two writers never wait for
--    each other in a circle.
-- 2. Indexes that bound today's takings and deliveries to today: the history's deliveries by
--    (status, created_at), payments by paid_at, refunds by processed_at.

CREATE TABLE "order_day_totals" (
    "day" DATE NOT NULL,
    "orders" INTEGER NOT NULL DEFAULT 0,
    "revenue" BIGINT NOT NULL DEFAULT 0,
    CONSTRAINT "order_day_totals_pkey" PRIMARY KEY ("day")
);

-- A bowl is its menu item; the lines of a deleted item (menu_item_id null) count by the name they
-- were sold under: menu_item_id is '' for those, and name is '' for the lines of an item.
CREATE TABLE "order_day_items" (
    "day" DATE NOT NULL,
    "menu_item_id" TEXT NOT NULL DEFAULT '',
    "name" TEXT NOT NULL DEFAULT '',
    "quantity" BIGINT NOT NULL DEFAULT 0,
    "revenue" BIGINT NOT NULL DEFAULT 0,
    CONSTRAINT "order_day_items_pkey" PRIMARY KEY ("day", "menu_item_id", "name")
);

-- The India day of a created_at (UTC wall-clock time, as Prisma writes timestamp(3)).
CREATE FUNCTION "fresh_bowl_india_day"(at timestamp) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ((at AT TIME ZONE 'UTC') AT TIME ZONE 'Asia/Kolkata')::date
$$;

-- Whether an order counts in the figures (product.md §7: cancelled orders not counted; one
-- awaiting its online payment is not the kitchen's yet).
CREATE FUNCTION "fresh_bowl_order_counts"(status "OrderStatus") RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT status NOT IN ('cancelled', 'awaiting_payment')
$$;

-- Adds (sign 1) or takes away (sign -1) lines, given as (day, menu_item_id, name, quantity, line_total).
CREATE FUNCTION "fresh_bowl_add_day_items"(sign integer, lines jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "order_day_items" AS t ("day", "menu_item_id", "name", "quantity", "revenue")
  SELECT l.day, coalesce(l.menu_item_id, ''), CASE WHEN l.menu_item_id IS NULL THEN l.name ELSE '' END,
         sign * sum(l.quantity), sign * sum(l.line_total)
  FROM jsonb_to_recordset(lines) AS l(day date, menu_item_id text, name text, quantity bigint, line_total bigint)
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT ("day", "menu_item_id", "name")
  DO UPDATE SET "quantity" = t."quantity" + excluded."quantity", "revenue" = t."revenue" + excluded."revenue"
$$;

-- Adds (sign 1) or takes away (sign -1) one order's share: the order, placed at `placed` for
-- `amount`, and the lines of the order `of_order` (the parameters are named apart from the columns,
-- which would win over them).
CREATE FUNCTION "fresh_bowl_add_order_day"(sign integer, placed timestamp, amount integer, of_order text) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "order_day_totals" AS t ("day", "orders", "revenue") VALUES (fresh_bowl_india_day(placed), sign, sign * amount)
  ON CONFLICT ("day") DO UPDATE SET "orders" = t."orders" + excluded."orders", "revenue" = t."revenue" + excluded."revenue";
  SELECT fresh_bowl_add_day_items(sign, coalesce((
    SELECT jsonb_agg(jsonb_build_object('day', fresh_bowl_india_day(placed), 'menu_item_id', l.menu_item_id, 'name', l.name,
                                        'quantity', l.quantity, 'line_total', l.line_total))
    FROM order_lines l WHERE l.order_id = of_order), '[]'));
$$;

-- New orders: one statement's rows at once.
CREATE FUNCTION "fresh_bowl_order_days_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "order_day_totals" AS t ("day", "orders", "revenue")
  SELECT fresh_bowl_india_day(n.created_at), count(*), sum(n.total)
  FROM new_rows n WHERE fresh_bowl_order_counts(n.status)
  GROUP BY 1 ORDER BY 1
  ON CONFLICT ("day") DO UPDATE SET "orders" = t."orders" + excluded."orders", "revenue" = t."revenue" + excluded."revenue";
  RETURN NULL;
END;
$$;

-- An order that starts or stops counting (paid, cancelled), or whose total or day changed: its
-- old share is taken away and its new one added, with its lines. A deleted order (NEW is null)
-- takes its share with it, lines included, while they are still there: the lines its deletion
-- removes afterwards (ON DELETE CASCADE) find no order and take nothing again.
CREATE FUNCTION "fresh_bowl_order_days_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF fresh_bowl_order_counts(OLD.status) THEN
    PERFORM fresh_bowl_add_order_day(-1, OLD.created_at, OLD.total, coalesce(NEW.id, OLD.id));
  END IF;
  IF TG_OP = 'UPDATE' AND fresh_bowl_order_counts(NEW.status) THEN
    PERFORM fresh_bowl_add_order_day(1, NEW.created_at, NEW.total, NEW.id);
  END IF;
  RETURN OLD;
END;
$$;

-- Lines written, changed (a deleted menu item sets theirs to null) or removed, one statement's
-- rows at once, for the orders that count.
CREATE FUNCTION "fresh_bowl_line_days_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The placement's path: written out rather than through fresh_bowl_add_day_items' jsonb.
  INSERT INTO "order_day_items" AS t ("day", "menu_item_id", "name", "quantity", "revenue")
  SELECT fresh_bowl_india_day(o.created_at), coalesce(n.menu_item_id, ''), CASE WHEN n.menu_item_id IS NULL THEN n.name ELSE '' END,
         sum(n.quantity), sum(n.line_total)
  FROM new_rows n JOIN orders o ON o.id = n.order_id WHERE fresh_bowl_order_counts(o.status)
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT ("day", "menu_item_id", "name")
  DO UPDATE SET "quantity" = t."quantity" + excluded."quantity", "revenue" = t."revenue" + excluded."revenue";
  RETURN NULL;
END;
$$;

-- Changed or removed lines: the old rows' share taken away; after an update, the new rows' added.
CREATE FUNCTION "fresh_bowl_line_days_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM fresh_bowl_add_day_items(-1, coalesce((
    SELECT jsonb_agg(jsonb_build_object('day', fresh_bowl_india_day(o.created_at), 'menu_item_id', d.menu_item_id, 'name', d.name,
                                        'quantity', d.quantity, 'line_total', d.line_total))
    FROM old_rows d JOIN orders o ON o.id = d.order_id WHERE fresh_bowl_order_counts(o.status)), '[]'));
  IF TG_OP = 'UPDATE' THEN
    PERFORM fresh_bowl_add_day_items(1, coalesce((
      SELECT jsonb_agg(jsonb_build_object('day', fresh_bowl_india_day(o.created_at), 'menu_item_id', n.menu_item_id, 'name', n.name,
                                          'quantity', n.quantity, 'line_total', n.line_total))
      FROM new_rows n JOIN orders o ON o.id = n.order_id WHERE fresh_bowl_order_counts(o.status)), '[]'));
  END IF;
  RETURN NULL;
END;
$$;

-- The totals written again from the orders themselves: after this migration, and after rows
-- were written with triggers off (the bench's million orders).
CREATE FUNCTION "fresh_bowl_rebuild_order_days"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "order_day_totals";
  DELETE FROM "order_day_items";
  INSERT INTO "order_day_totals" ("day", "orders", "revenue")
  SELECT fresh_bowl_india_day(o.created_at), count(*), sum(o.total)
  FROM orders o WHERE fresh_bowl_order_counts(o.status) GROUP BY 1;
  INSERT INTO "order_day_items" ("day", "menu_item_id", "name", "quantity", "revenue")
  SELECT fresh_bowl_india_day(o.created_at), coalesce(l.menu_item_id, ''), CASE WHEN l.menu_item_id IS NULL THEN l.name ELSE '' END,
         sum(l.quantity), sum(l.line_total)
  FROM orders o JOIN order_lines l ON l.order_id = o.id WHERE fresh_bowl_order_counts(o.status) GROUP BY 1, 2, 3;
END;
$$;

CREATE FUNCTION "fresh_bowl_order_days_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM fresh_bowl_rebuild_order_days();
  RETURN NULL;
END;
$$;

CREATE TRIGGER "orders_day_totals_insert" AFTER INSERT ON "orders"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "fresh_bowl_order_days_insert"();
CREATE TRIGGER "orders_day_totals_update" AFTER UPDATE OF "status", "total", "created_at" ON "orders"
  FOR EACH ROW WHEN (fresh_bowl_order_counts(OLD.status) IS DISTINCT FROM fresh_bowl_order_counts(NEW.status)
                     OR OLD.total IS DISTINCT FROM NEW.total OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION "fresh_bowl_order_days_change"();
CREATE TRIGGER "orders_day_totals_delete" BEFORE DELETE ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "fresh_bowl_order_days_change"();
CREATE TRIGGER "orders_day_totals_truncate" AFTER TRUNCATE ON "orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "fresh_bowl_order_days_truncate"();
CREATE TRIGGER "order_lines_day_items_insert" AFTER INSERT ON "order_lines"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "fresh_bowl_line_days_insert"();
CREATE TRIGGER "order_lines_day_items_update" AFTER UPDATE ON "order_lines"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "fresh_bowl_line_days_change"();
CREATE TRIGGER "order_lines_day_items_delete" AFTER DELETE ON "order_lines"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "fresh_bowl_line_days_change"();
CREATE TRIGGER "order_lines_day_items_truncate" AFTER TRUNCATE ON "order_lines"
  FOR EACH STATEMENT EXECUTE FUNCTION "fresh_bowl_order_days_truncate"();

SELECT fresh_bowl_rebuild_order_days();

CREATE INDEX "order_status_changes_status_created_at_order_id_idx" ON "order_status_changes"("status", "created_at", "order_id");
CREATE INDEX "orders_paid_at_idx" ON "orders"("paid_at");
CREATE INDEX "refunds_processed_at_idx" ON "refunds"("processed_at");
