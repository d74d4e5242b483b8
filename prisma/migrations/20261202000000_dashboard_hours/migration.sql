-- The dashboard's revenue per day and best sellers at any size of history (issue 37), without
-- adding work to placing an order. Figures over hours that are over are kept per India hour and
-- filled by the dashboard's read (lib/orders/dashboard/hours.ts); the hours not kept (the open
-- ones, and any forgotten since) are counted from the orders as before. Nothing is kept or
-- counted on the order path: placing writes no row here and runs none of these functions.
--
-- Exact at every moment:
-- - An hour is kept only once it ended more than ten minutes ago, so no order placed in it is
--   still being written; an order written with an older time of placing (an import, a test's
--   history) forgets its hour.
-- - Any later change that alters a kept hour's figures (an order cancelled, paid, deleted, moved
--   in time, or its lines changed) deletes that hour's rows in its own transaction, under the
--   hour's lock taken shared; the read counts the hour from the orders again until it is kept anew.
-- - Keeping an hour takes its lock exclusively, and only if no change holds it (a try: it never
--   waits, so it takes part in no deadlock), and counts the orders after the lock, so a change
--   either committed before the count or deletes the kept rows after it.

CREATE TABLE "order_hour_totals" (
  "hour" TIMESTAMP(3) NOT NULL,
  "orders" INTEGER NOT NULL,
  "revenue" BIGINT NOT NULL,
  CONSTRAINT "order_hour_totals_pkey" PRIMARY KEY ("hour")
);

-- "menu_item_id" is '' for the lines of an item deleted before the hour was kept; the read counts
-- a line whose item no longer exists by the name it was sold under, as the lines themselves do.
CREATE TABLE "order_hour_items" (
  "hour" TIMESTAMP(3) NOT NULL,
  "menu_item_id" TEXT NOT NULL,
  "name" TEXT NOT NULL,
  "quantity" BIGINT NOT NULL,
  "revenue" BIGINT NOT NULL,
  CONSTRAINT "order_hour_items_pkey" PRIMARY KEY ("hour", "menu_item_id", "name")
);

-- The India hour (Asia/Kolkata, UTC+5:30 all year) that a UTC wall-clock time falls in, as its
-- start in UTC: India's hours begin at half past the UTC hour.
CREATE FUNCTION "dashboard_hour"("at" TIMESTAMP(3)) RETURNS TIMESTAMP(3)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT date_bin('1 hour', "at", TIMESTAMP '2000-01-01 18:30:00')
$$;

-- The advisory lock of an hour: (1937, hours since 1970).
CREATE FUNCTION "dashboard_hour_key"("hour" TIMESTAMP(3)) RETURNS INTEGER
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT floor(extract(epoch FROM "hour") / 3600)::integer
$$;

-- Whether an order counts in the figures (product.md §7): neither cancelled nor still unpaid.
CREATE FUNCTION "dashboard_counts"("status" "OrderStatus") RETURNS BOOLEAN
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT "status" NOT IN ('cancelled', 'awaiting_payment')
$$;

-- One hour's orders that count and their revenue, read from the orders.
CREATE FUNCTION "dashboard_hour_totals"("hour" TIMESTAMP(3)) RETURNS TABLE ("orders" INTEGER, "revenue" BIGINT)
LANGUAGE sql STABLE AS $$
  SELECT count(*)::integer, coalesce(sum(o."total"), 0)::bigint
  FROM "orders" o
  WHERE o."created_at" >= "hour" AND o."created_at" < "hour" + interval '1 hour' AND dashboard_counts(o."status")
$$;

-- One hour's portions and line totals per bowl (by the item, and the name it was sold under).
CREATE FUNCTION "dashboard_hour_items"("hour" TIMESTAMP(3))
RETURNS TABLE ("menu_item_id" TEXT, "name" TEXT, "quantity" BIGINT, "revenue" BIGINT)
LANGUAGE sql STABLE AS $$
  SELECT coalesce(l."menu_item_id", ''), l."name", sum(l."quantity")::bigint, sum(l."line_total")::bigint
  FROM "orders" o JOIN "order_lines" l ON l."order_id" = o."id"
  WHERE o."created_at" >= "hour" AND o."created_at" < "hour" + interval '1 hour' AND dashboard_counts(o."status")
  GROUP BY 1, 2
$$;

-- Keeps every hour in [from, to) that ended ten minutes ago or more and is not kept yet, unless a
-- change holds its lock (then it stays counted from the orders until a later read). Returns how
-- many hours it kept.
CREATE FUNCTION "keep_dashboard_hours"("from" TIMESTAMP(3), "to" TIMESTAMP(3)) RETURNS INTEGER
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  "h" TIMESTAMP(3);
  "kept" INTEGER := 0;
  "inserted" INTEGER;
  "closed" TIMESTAMP(3) := (statement_timestamp() AT TIME ZONE 'UTC') - interval '10 minutes';
BEGIN
  FOR "h" IN
    SELECT g FROM generate_series(dashboard_hour("from"), "to" - interval '1 hour', interval '1 hour') g
    WHERE g + interval '1 hour' <= "closed" AND NOT EXISTS (SELECT 1 FROM "order_hour_totals" t WHERE t."hour" = g)
    ORDER BY g
  LOOP
    -- Another read may have kept the hour since the list above was read: then it is kept once.
    IF pg_try_advisory_xact_lock(1937, dashboard_hour_key("h")) THEN
      INSERT INTO "order_hour_totals" ("hour", "orders", "revenue") SELECT "h", f."orders", f."revenue" FROM dashboard_hour_totals("h") f
        ON CONFLICT ("hour") DO NOTHING;
      GET DIAGNOSTICS "inserted" = ROW_COUNT;
      IF "inserted" = 1 THEN
        INSERT INTO "order_hour_items" ("hour", "menu_item_id", "name", "quantity", "revenue")
          SELECT "h", f."menu_item_id", f."name", f."quantity", f."revenue" FROM dashboard_hour_items("h") f;
        "kept" := "kept" + 1;
      END IF;
    END IF;
  END LOOP;
  RETURN "kept";
END
$$;

CREATE FUNCTION "forget_dashboard_hour"("hour" TIMESTAMP(3)) RETURNS VOID
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(1937, dashboard_hour_key("hour"));
  DELETE FROM "order_hour_items" WHERE "order_hour_items"."hour" = "forget_dashboard_hour"."hour";
  DELETE FROM "order_hour_totals" WHERE "order_hour_totals"."hour" = "forget_dashboard_hour"."hour";
END
$$;

CREATE FUNCTION "orders_forget_dashboard_hour"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM forget_dashboard_hour(dashboard_hour(OLD."created_at"));
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND dashboard_hour(NEW."created_at") <> dashboard_hour(OLD."created_at")) THEN
    PERFORM forget_dashboard_hour(dashboard_hour(NEW."created_at"));
  END IF;
  RETURN NULL;
END
$$;

-- An order placed now is not older than five minutes when written: only an order written into
-- the past runs the function. The condition costs the order path no call.
CREATE TRIGGER "orders_forget_dashboard_hour_inserted" AFTER INSERT ON "orders"
  FOR EACH ROW WHEN (NEW."created_at" < (statement_timestamp() AT TIME ZONE 'UTC') - interval '5 minutes')
  EXECUTE FUNCTION "orders_forget_dashboard_hour"();

-- Only the changes that alter a figure: moving between counted and not (pending, confirmed, … vs
-- cancelled or awaiting payment), a new total or time of placing, a deleted order.
CREATE TRIGGER "orders_forget_dashboard_hour" AFTER UPDATE OF "status", "total", "created_at" ON "orders"
  FOR EACH ROW WHEN (
    dashboard_counts(OLD."status") IS DISTINCT FROM dashboard_counts(NEW."status")
    OR OLD."total" IS DISTINCT FROM NEW."total"
    OR OLD."created_at" IS DISTINCT FROM NEW."created_at"
  ) EXECUTE FUNCTION "orders_forget_dashboard_hour"();
CREATE TRIGGER "orders_forget_dashboard_hour_deleted" AFTER DELETE ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "orders_forget_dashboard_hour"();

-- A line changed or removed after its order was placed (a menu item's deletion only clears the
-- line's menu_item_id, which the read handles, so it forgets nothing).
CREATE FUNCTION "order_lines_forget_dashboard_hour"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM forget_dashboard_hour(dashboard_hour(o."created_at")) FROM "orders" o WHERE o."id" IN (OLD."order_id", NEW."order_id");
  RETURN NULL;
END
$$;
CREATE TRIGGER "order_lines_forget_dashboard_hour" AFTER UPDATE OF "order_id", "name", "quantity", "line_total" ON "order_lines"
  FOR EACH ROW EXECUTE FUNCTION "order_lines_forget_dashboard_hour"();
CREATE TRIGGER "order_lines_forget_dashboard_hour_deleted" AFTER DELETE ON "order_lines"
  FOR EACH ROW EXECUTE FUNCTION "order_lines_forget_dashboard_hour"();

CREATE FUNCTION "orders_forget_dashboard_hours"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE "order_hour_items", "order_hour_totals";
  RETURN NULL;
END
$$;
CREATE TRIGGER "orders_forget_dashboard_hours" AFTER TRUNCATE ON "orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "orders_forget_dashboard_hours"();
