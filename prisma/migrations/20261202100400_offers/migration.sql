-- Offers (product.md §13): coupon codes an admin defines, and each order's use of one.
--
-- A code is unique without regard to case (a second "Save10" beside "SAVE10" is refused), so
-- the unique index is on lower(code); Prisma's schema cannot say that, the index lives here only.
CREATE TYPE "OfferKind" AS ENUM ('flat', 'percent', 'free_delivery');

CREATE TABLE "offers" (
    "id" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "kind" "OfferKind" NOT NULL,
    "amount" INTEGER,
    "percent" INTEGER,
    "max_discount" INTEGER,
    "min_subtotal" INTEGER NOT NULL DEFAULT 0,
    "valid_from" TIMESTAMP(3),
    "valid_to" TIMESTAMP(3),
    "first_order_only" BOOLEAN NOT NULL DEFAULT false,
    "per_customer" INTEGER NOT NULL DEFAULT 1,
    "total_uses" INTEGER,
    "online_only" BOOLEAN NOT NULL DEFAULT false,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "offers_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "offers_lower_code_key" ON "offers" (lower("code"));

-- One coupon per order. The order is written after its use is decided, in the same statement
-- batch, so the reference is checked at commit. A cancelled order gives its use back: the use
-- keeps its row (what was given, to whom) with the time it was released.
CREATE TABLE "offer_uses" (
    "order_id" TEXT NOT NULL,
    "offer_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "discount" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "released_at" TIMESTAMP(3),

    CONSTRAINT "offer_uses_pkey" PRIMARY KEY ("order_id")
);

CREATE INDEX "offer_uses_offer_id_user_id_idx" ON "offer_uses"("offer_id", "user_id");

ALTER TABLE "offer_uses" ADD CONSTRAINT "offer_uses_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id")
  ON DELETE CASCADE ON UPDATE CASCADE DEFERRABLE INITIALLY DEFERRED;
ALTER TABLE "offer_uses" ADD CONSTRAINT "offer_uses_offer_id_fkey" FOREIGN KEY ("offer_id") REFERENCES "offers"("id")
  ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "offer_uses" ADD CONSTRAINT "offer_uses_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id")
  ON DELETE CASCADE ON UPDATE CASCADE;

-- What the order was given, kept on the order as it was when placed (the offer may change later).
ALTER TABLE "orders" ADD COLUMN "discount" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "orders" ADD COLUMN "coupon_code" TEXT;
ALTER TABLE "orders" ADD COLUMN "coupon_description" TEXT;

-- The uses an offer and each of its customers hold now (orders not cancelled), kept as counts so
-- deciding an order costs the same however many orders used the code before.
ALTER TABLE "offers" ADD COLUMN "used" INTEGER NOT NULL DEFAULT 0;

CREATE TABLE "offer_customers" (
    "offer_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "used" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "offer_customers_pkey" PRIMARY KEY ("offer_id", "user_id")
);

ALTER TABLE "offer_customers" ADD CONSTRAINT "offer_customers_offer_id_fkey" FOREIGN KEY ("offer_id") REFERENCES "offers"("id")
  ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "offer_customers" ADD CONSTRAINT "offer_customers_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id")
  ON DELETE CASCADE ON UPDATE CASCADE;

-- Takes one use of an offer for an order, or fails the statement (SQLSTATE FB410, the refusal's
-- reason as its message) when the code has no use left for this customer or for anyone. The
-- offer's row is locked first, so orders on one code count one after another, each seeing the
-- uses committed before it: never more than total_uses, nor per_customer for one customer,
-- however many arrive at once. Sent with the order's COMMIT, so that lock is held no longer
-- than the commit takes.
CREATE FUNCTION take_offer_use(p_order TEXT, p_offer TEXT, p_user TEXT, p_discount INTEGER) RETURNS INTEGER
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  o offers%ROWTYPE;
  mine INTEGER;
BEGIN
  SELECT * INTO o FROM offers WHERE id = p_offer FOR UPDATE;
  IF NOT FOUND OR NOT o.active THEN
    RAISE EXCEPTION 'invalid' USING ERRCODE = 'FB410';
  END IF;
  IF o.first_order_only AND EXISTS (
    SELECT 1 FROM orders WHERE user_id = p_user AND id <> p_order AND status <> 'cancelled'
  ) THEN
    RAISE EXCEPTION 'first_order_only' USING ERRCODE = 'FB410';
  END IF;
  SELECT used INTO mine FROM offer_customers WHERE offer_id = p_offer AND user_id = p_user;
  IF COALESCE(mine, 0) >= o.per_customer THEN
    RAISE EXCEPTION 'already_used' USING ERRCODE = 'FB410';
  END IF;
  IF o.total_uses IS NOT NULL AND o.used >= o.total_uses THEN
    RAISE EXCEPTION 'used_up' USING ERRCODE = 'FB410';
  END IF;
  INSERT INTO offer_uses (order_id, offer_id, user_id, discount) VALUES (p_order, p_offer, p_user, p_discount);
  UPDATE offers SET used = used + 1 WHERE id = p_offer;
  INSERT INTO offer_customers (offer_id, user_id, used) VALUES (p_offer, p_user, 1)
    ON CONFLICT (offer_id, user_id) DO UPDATE SET used = offer_customers.used + 1;
  RETURN 1;
END
$$;

-- However an order comes to be cancelled (the customer, an admin, the unpaid order's expiry, a
-- bulk cancel), its use is given back.
CREATE FUNCTION release_offer_use() RETURNS TRIGGER
LANGUAGE plpgsql AS $$
DECLARE
  u offer_uses%ROWTYPE;
BEGIN
  UPDATE offer_uses SET released_at = now() AT TIME ZONE 'UTC' WHERE order_id = NEW.id AND released_at IS NULL RETURNING * INTO u;
  IF FOUND THEN
    UPDATE offers SET used = used - 1 WHERE id = u.offer_id;
    UPDATE offer_customers SET used = used - 1 WHERE offer_id = u.offer_id AND user_id = u.user_id;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER orders_release_offer_use AFTER UPDATE OF status ON orders
  FOR EACH ROW WHEN (NEW.status = 'cancelled' AND OLD.status IS DISTINCT FROM 'cancelled' AND NEW.coupon_code IS NOT NULL)
  EXECUTE FUNCTION release_offer_use();
