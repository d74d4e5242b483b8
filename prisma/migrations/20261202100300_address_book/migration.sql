-- The address book (product.md §13): up to 10 delivery addresses per customer, each with a label,
-- one of them the default. An order keeps its own copy of the address it was sent to (its
-- address_* columns), so nothing here is referenced by orders: editing or deleting a saved
-- address never changes an order.
--
-- The addresses go with their account (CASCADE).
CREATE TABLE "saved_addresses" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "phone" TEXT NOT NULL,
    "street" TEXT NOT NULL,
    "city" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "zip" TEXT NOT NULL,
    "is_default" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "saved_addresses_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "saved_addresses_user_id_created_at_idx" ON "saved_addresses"("user_id", "created_at");

ALTER TABLE "saved_addresses" ADD CONSTRAINT "saved_addresses_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- At most one default per customer, whatever the code does: the writes keep exactly one (they
-- lock the customer's row first); this makes a second one impossible.
CREATE UNIQUE INDEX "saved_addresses_one_default" ON "saved_addresses"("user_id") WHERE "is_default";
