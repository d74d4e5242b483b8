-- Favourites (product.md §13): the bowls a customer keeps, newest first. A customer's go with
-- their account and an item's with the item (CASCADE): a removed bowl cannot be kept.
CREATE TABLE "favourites" (
    "user_id" TEXT NOT NULL,
    "menu_item_id" TEXT NOT NULL,
    "saved_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "favourites_pkey" PRIMARY KEY ("user_id", "menu_item_id")
);

CREATE INDEX "favourites_user_id_saved_at_idx" ON "favourites"("user_id", "saved_at" DESC);
CREATE INDEX "favourites_menu_item_id_idx" ON "favourites"("menu_item_id");

ALTER TABLE "favourites" ADD CONSTRAINT "favourites_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_menu_item_id_fkey" FOREIGN KEY ("menu_item_id") REFERENCES "menu_items"("id") ON DELETE CASCADE ON UPDATE CASCADE;
