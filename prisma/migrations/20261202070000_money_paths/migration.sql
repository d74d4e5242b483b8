-- Orders awaiting online payment, by the client address that placed them (issue 32, M2): an
-- unpaid order holds a delivery slot for 15 minutes at no cost, so one address may hold only so
-- many at once; an IPv6 client has a row for its /64, /56 and /48. The address is kept as a SHA-256 (no address in clear, as for rate limits). The
-- order is written after its hold in the same transaction, so the reference is checked at commit.
CREATE TABLE "unpaid_holds" (
    "order_id" TEXT NOT NULL,
    "client_key" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "unpaid_holds_pkey" PRIMARY KEY ("order_id", "client_key")
);

CREATE INDEX "unpaid_holds_client_key_idx" ON "unpaid_holds"("client_key");

ALTER TABLE "unpaid_holds" ADD CONSTRAINT "unpaid_holds_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id")
  ON DELETE CASCADE ON UPDATE CASCADE DEFERRABLE INITIALLY DEFERRED;

-- A refund row being sent to the gateway (issue 32, L7): the send that set it, until then, is the
-- only one that may call the gateway for this row; a crashed send's claim runs out.
ALTER TABLE "refunds" ADD COLUMN "send_claimed_until" TIMESTAMP(3);
