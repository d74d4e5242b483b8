-- An order's place in a slot is now taken by the order's own write, the last statement of its
-- transaction, sent together with the COMMIT (lib/orders/placement.ts): the slot's lock is held
-- from that statement to the end of the transaction without waiting on the shop. Which slot to
-- take is chosen just before, from a count without the lock (lib/store/slots.ts).
-- book_delivery_slot stays for now: an instance still running the code before this one (during a
-- deploy) keeps placing orders with it, under the same lock per slot. A later migration drops it.

-- Takes a place in the slot that starts at `start` for the calling transaction: the slot is
-- locked until that transaction ends, then counted in a statement of its own (a fresh snapshot,
-- so every order committed before the lock was granted counts). Returns `start` while the slot
-- holds fewer than `capacity` orders that are not cancelled; otherwise raises SQLSTATE FB409 and
-- the statement that asked fails, writing nothing. One slot per transaction: no lock cycles.
CREATE FUNCTION "take_delivery_slot"(start TIMESTAMP(3), capacity INTEGER) RETURNS TIMESTAMP(3)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(1928, (extract(epoch FROM start) / 60)::integer);
  IF (SELECT count(*) FROM "orders" WHERE "slot_start" = start AND "status" <> 'cancelled') >= capacity THEN
    RAISE EXCEPTION 'delivery slot % is full', start USING ERRCODE = 'FB409';
  END IF;
  RETURN start;
END
$$;
