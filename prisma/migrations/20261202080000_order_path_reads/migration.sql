-- Fewer statements per order (issue 36): each is a socket write and a reply on both sides.

-- The version of what an order is placed under (the shop's settings and pause, the delivery
-- areas, the business details' packaging charge), bumped by every write to those tables in the
-- writer's own transaction. An instance keeps the terms it last read beside the version they
-- were read at, and an order reads only the version (with its idempotency key, in one statement)
-- to know whether they still hold: a change made on any instance counts from its commit on.
CREATE TABLE "store_terms_version" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "version" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "store_terms_version_pkey" PRIMARY KEY ("id")
);

INSERT INTO "store_terms_version" ("id", "version") VALUES (1, 0);

CREATE FUNCTION "bump_store_terms_version"() RETURNS TRIGGER
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "store_terms_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$;

CREATE TRIGGER "store_settings_terms_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "store_settings"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_store_terms_version"();
CREATE TRIGGER "delivery_areas_terms_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "delivery_areas"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_store_terms_version"();
CREATE TRIGGER "business_details_terms_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "business_details"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_store_terms_version"();

-- An order's reads inside its transaction, in one statement (lib/orders/locked-menu-rows.ts):
-- locks the menu rows of `ids` FOR SHARE (a change to an item, or to its groups and choices,
-- whose triggers touch the item's row, then waits for the order's transaction), then, in a
-- statement of its own and so with a fresh snapshot that sees whatever it waited for, returns
-- those rows with their option groups and choices in the menu's order, and the position (from 1)
-- of the first of the slots starting at `starts` that holds fewer than `capacity` orders not
-- cancelled (null when none does). The slot is not taken here: the order's write takes it
-- (take_delivery_slot).
CREATE FUNCTION "order_menu_and_slot"(ids TEXT[], starts TIMESTAMP(3)[], capacity INTEGER)
RETURNS TABLE ("menu" JSON, "slot" INTEGER)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM 1 FROM "menu_items" WHERE "id" = ANY(ids) ORDER BY "id" FOR SHARE;
  RETURN QUERY SELECT
    COALESCE((SELECT json_agg(json_build_object('id', m."id", 'name', m."name", 'priceSmall', m."price_small",
        'priceMedium', m."price_medium", 'priceLarge', m."price_large", 'available', m."available",
        'optionGroups', COALESCE((SELECT json_agg(json_build_object('id', g."id", 'name', g."name", 'min', g."min_choices",
            'max', g."max_choices", 'choices', COALESCE((SELECT json_agg(json_build_object('id', c."id", 'name', c."name",
              'price', c."price", 'available', c."available", 'default', c."is_default") ORDER BY c."position", c."id")
              FROM "menu_option_choices" c WHERE c."group_id" = g."id"), '[]'::json)) ORDER BY g."position", g."id")
          FROM "menu_option_groups" g WHERE g."menu_item_id" = m."id"), '[]'::json)))
      FROM "menu_items" m WHERE m."id" = ANY(ids)), '[]'::json),
    (SELECT u.i::INTEGER FROM unnest(starts) WITH ORDINALITY AS u(s, i)
      WHERE (SELECT count(*) FROM "orders" o WHERE o."slot_start" = u.s AND o."status" <> 'cancelled') < capacity
      ORDER BY u.i LIMIT 1);
END
$$;
