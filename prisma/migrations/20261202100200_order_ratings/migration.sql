-- Ratings (product.md §13): once an order is delivered its customer may rate it once, 1 to 5
-- stars and an optional comment. The order's id is the key, so a second rating of the same order
-- fails on the key however many arrive at once, and a removed order takes its rating with it.
CREATE TABLE "order_ratings" (
    "order_id" TEXT NOT NULL,
    "stars" SMALLINT NOT NULL,
    "comment" VARCHAR(500),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "order_ratings_pkey" PRIMARY KEY ("order_id"),
    CONSTRAINT "order_ratings_stars" CHECK ("stars" BETWEEN 1 AND 5)
);

ALTER TABLE "order_ratings" ADD CONSTRAINT "order_ratings_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The dashboard's latest low ratings read the newest few of this index and stop, however many
-- ratings the shop holds.
CREATE INDEX "order_ratings_low_created_at_idx" ON "order_ratings"("created_at" DESC, "order_id" DESC) WHERE "stars" <= 2;

-- The ratings of each India day (Asia/Kolkata, UTC+5:30 all year): how many and their stars, so
-- the dashboard's 30-day average reads 30 rows rather than a month of ratings. Kept by the
-- triggers below in the rating's own transaction; only a rating writes it, never an order.
CREATE TABLE "rating_day_totals" (
    "day" DATE NOT NULL,
    "ratings" INTEGER NOT NULL,
    "stars" BIGINT NOT NULL,

    CONSTRAINT "rating_day_totals_pkey" PRIMARY KEY ("day")
);

-- The India date of a UTC wall-clock time, as the columns store it.
CREATE FUNCTION "rating_india_day"(at TIMESTAMP) RETURNS DATE
LANGUAGE sql IMMUTABLE AS $$ SELECT ((at AT TIME ZONE 'UTC') AT TIME ZONE 'Asia/Kolkata')::date $$;

CREATE FUNCTION "rating_day_totals_keep"() RETURNS TRIGGER
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR TG_OP = 'UPDATE' THEN
    INSERT INTO "rating_day_totals" ("day", "ratings", "stars")
    VALUES ("rating_india_day"(NEW."created_at"), 1, NEW."stars")
    ON CONFLICT ("day") DO UPDATE SET "ratings" = "rating_day_totals"."ratings" + 1, "stars" = "rating_day_totals"."stars" + EXCLUDED."stars";
  END IF;
  IF TG_OP = 'DELETE' OR TG_OP = 'UPDATE' THEN
    UPDATE "rating_day_totals" SET "ratings" = "ratings" - 1, "stars" = "stars" - OLD."stars"
    WHERE "day" = "rating_india_day"(OLD."created_at");
    DELETE FROM "rating_day_totals" WHERE "day" = "rating_india_day"(OLD."created_at") AND "ratings" <= 0;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "order_ratings_keep_day_totals" AFTER INSERT OR DELETE OR UPDATE OF "stars", "created_at" ON "order_ratings"
  FOR EACH ROW EXECUTE FUNCTION "rating_day_totals_keep"();

-- TRUNCATE fires no row trigger: the totals go with the ratings.
CREATE FUNCTION "rating_day_totals_clear"() RETURNS TRIGGER
LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE "rating_day_totals";
  RETURN NULL;
END $$;

CREATE TRIGGER "order_ratings_clear_day_totals" AFTER TRUNCATE ON "order_ratings"
  FOR EACH STATEMENT EXECUTE FUNCTION "rating_day_totals_clear"();

-- A new rating is news to the pages that show the order (its page, the admin's, the dashboard):
-- announced as a notice about the order on the live channel, as a status change is, when the
-- rating commits.
CREATE FUNCTION "order_ratings_notify"() RETURNS TRIGGER
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('fresh_bowl_events', json_build_object('type', 'order', 'id', o."id", 'userId', o."user_id", 'status', o."status")::text)
  FROM "orders" o WHERE o."id" = NEW."order_id";
  RETURN NULL;
END $$;

CREATE TRIGGER "order_ratings_notify_insert" AFTER INSERT ON "order_ratings"
  FOR EACH ROW EXECUTE FUNCTION "order_ratings_notify"();
