-- Know your bowl (product.md §8): each item's diet, nutrition per portion and allergens, its
-- option groups and their choices, and on order lines the options chosen and a note, kept as
-- they were when ordered.

-- CreateEnum
CREATE TYPE "Diet" AS ENUM ('veg', 'non-veg');

-- AlterTable
-- Nutrition is unknown (NULL) until an admin or the seed gives it; allergens default to none.
-- `version` counts every change to the item, its groups or its choices (triggers below): the
-- order statement checks that the menu it priced from is still the one in the table.
ALTER TABLE "menu_items" ADD COLUMN     "diet" "Diet" NOT NULL DEFAULT 'veg',
ADD COLUMN     "kcal_small" INTEGER,
ADD COLUMN     "kcal_medium" INTEGER,
ADD COLUMN     "kcal_large" INTEGER,
ADD COLUMN     "protein_small" INTEGER,
ADD COLUMN     "protein_medium" INTEGER,
ADD COLUMN     "protein_large" INTEGER,
ADD COLUMN     "allergens" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
-- The chosen options are a snapshot read only with their line ([{id, group, name, price}]), never
-- joined or searched: one jsonb value keeps them exactly as ordered after a choice is renamed,
-- repriced or removed, and lets the order statement write them with the line.
ALTER TABLE "order_lines" ADD COLUMN     "options" JSONB NOT NULL DEFAULT '[]',
ADD COLUMN     "note" VARCHAR(140);

-- CreateTable
CREATE TABLE "menu_option_groups" (
    "id" TEXT NOT NULL,
    "menu_item_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "min_choices" INTEGER NOT NULL DEFAULT 0,
    "max_choices" INTEGER NOT NULL DEFAULT 1,
    "position" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "menu_option_groups_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "menu_option_choices" (
    "id" TEXT NOT NULL,
    "group_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "price" INTEGER NOT NULL DEFAULT 0,
    "available" BOOLEAN NOT NULL DEFAULT true,
    "is_default" BOOLEAN NOT NULL DEFAULT false,
    "position" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "menu_option_choices_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "menu_option_groups_menu_item_id_position_idx" ON "menu_option_groups"("menu_item_id", "position");

-- CreateIndex
CREATE INDEX "menu_option_choices_group_id_position_idx" ON "menu_option_choices"("group_id", "position");

-- AddForeignKey
ALTER TABLE "menu_option_groups" ADD CONSTRAINT "menu_option_groups_menu_item_id_fkey" FOREIGN KEY ("menu_item_id") REFERENCES "menu_items"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "menu_option_choices" ADD CONSTRAINT "menu_option_choices_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "menu_option_groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Rules the schemas also check, kept by the table against any other writer.
ALTER TABLE "menu_items" ALTER COLUMN "allergens" SET NOT NULL;
ALTER TABLE "menu_option_groups" ADD CONSTRAINT "menu_option_groups_range" CHECK ("min_choices" >= 0 AND "max_choices" >= 1 AND "min_choices" <= "max_choices");
ALTER TABLE "menu_option_choices" ADD CONSTRAINT "menu_option_choices_price" CHECK ("price" >= 0);
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_options_array" CHECK (jsonb_typeof("options") = 'array');

-- Existing items: chicken and egg bowls are non-veg (egg counts as non-veg); figures, allergens
-- and option groups of the opening menu are filled by the seed (lib/bootstrap/seed.ts) at start.
UPDATE "menu_items" SET "diet" = 'non-veg'
WHERE "category_id" IN (SELECT "id" FROM "categories" WHERE "slug" IN ('chicken-salads', 'egg-salads'));

-- Every change to an item counts in its version, and so does every change to its groups and
-- choices (which also announces a menu change through menu_items' own trigger).
CREATE FUNCTION "fresh_bowl_bump_menu_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."version" := OLD."version" + 1;
  RETURN NEW;
END $$;
CREATE TRIGGER "menu_items_version" BEFORE UPDATE ON "menu_items"
  FOR EACH ROW EXECUTE FUNCTION "fresh_bowl_bump_menu_version"();

CREATE FUNCTION "fresh_bowl_touch_item_of_option"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  item_id TEXT;
BEGIN
  IF TG_TABLE_NAME = 'menu_option_groups' THEN
    item_id := CASE WHEN TG_OP = 'DELETE' THEN OLD."menu_item_id" ELSE NEW."menu_item_id" END;
  ELSE
    SELECT "menu_item_id" INTO item_id FROM "menu_option_groups"
    WHERE "id" = CASE WHEN TG_OP = 'DELETE' THEN OLD."group_id" ELSE NEW."group_id" END;
  END IF;
  UPDATE "menu_items" SET "updated_at" = CURRENT_TIMESTAMP WHERE "id" = item_id;
  RETURN NULL;
END $$;
CREATE TRIGGER "menu_option_groups_touch_item" AFTER INSERT OR UPDATE OR DELETE ON "menu_option_groups"
  FOR EACH ROW EXECUTE FUNCTION "fresh_bowl_touch_item_of_option"();
CREATE TRIGGER "menu_option_choices_touch_item" AFTER INSERT OR UPDATE OR DELETE ON "menu_option_choices"
  FOR EACH ROW EXECUTE FUNCTION "fresh_bowl_touch_item_of_option"();
