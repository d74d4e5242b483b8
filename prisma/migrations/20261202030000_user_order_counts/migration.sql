-- Each account's number of orders, kept by the database beside the account: the users area lists
-- every account with its count, and counting them from the orders read the whole history on every
-- view. The order's own INSERT keeps it (one statement trigger, no extra round trip), so the count
-- is exact in every transaction that can see the order.
ALTER TABLE "users" ADD COLUMN "order_count" INTEGER NOT NULL DEFAULT 0;

UPDATE "users" u SET "order_count" = c."n"
FROM (SELECT "user_id", count(*)::int AS "n" FROM "orders" GROUP BY "user_id") c
WHERE u."id" = c."user_id";

CREATE FUNCTION "users_count_orders_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" u SET "order_count" = u."order_count" + c."n"
  FROM (SELECT "user_id", count(*)::int AS "n" FROM "inserted_orders" GROUP BY "user_id") c
  WHERE u."id" = c."user_id";
  RETURN NULL;
END
$$;
CREATE TRIGGER "users_count_orders_inserted" AFTER INSERT ON "orders"
  REFERENCING NEW TABLE AS "inserted_orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "users_count_orders_inserted"();

CREATE FUNCTION "users_count_orders_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" u SET "order_count" = u."order_count" - c."n"
  FROM (SELECT "user_id", count(*)::int AS "n" FROM "deleted_orders" GROUP BY "user_id") c
  WHERE u."id" = c."user_id";
  RETURN NULL;
END
$$;
CREATE TRIGGER "users_count_orders_deleted" AFTER DELETE ON "orders"
  REFERENCING OLD TABLE AS "deleted_orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "users_count_orders_deleted"();

-- The shop never moves an order to another account; a hand-made change still keeps both counts.
CREATE FUNCTION "users_count_orders_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" SET "order_count" = "order_count" - 1 WHERE "id" = OLD."user_id";
  UPDATE "users" SET "order_count" = "order_count" + 1 WHERE "id" = NEW."user_id";
  RETURN NULL;
END
$$;
CREATE TRIGGER "users_count_orders_moved" AFTER UPDATE OF "user_id" ON "orders"
  FOR EACH ROW WHEN (OLD."user_id" IS DISTINCT FROM NEW."user_id")
  EXECUTE FUNCTION "users_count_orders_moved"();

CREATE FUNCTION "users_count_orders_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" SET "order_count" = 0 WHERE "order_count" <> 0;
  RETURN NULL;
END
$$;
CREATE TRIGGER "users_count_orders_truncated" AFTER TRUNCATE ON "orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "users_count_orders_truncated"();

-- The users area reads a page of accounts newest first, from the last one shown.
CREATE INDEX "users_created_at_id_idx" ON "users"("created_at" DESC, "id" DESC);
