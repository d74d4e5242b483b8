-- The riders, live for the kitchen (product.md §12): a rider going on or off duty, giving a new
-- phone or being renamed, and a user becoming or ceasing to be a rider, is announced as
-- {"type":"riders"}, which only admins hear; the kitchen display and the admin's order page read
-- the riders again. A trigger, like the other notices: every path that changes these columns
-- announces it, once the change commits. The payload names nobody.
CREATE FUNCTION "fresh_bowl_notify_riders"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN PERFORM pg_notify('fresh_bowl_events', '{"type":"riders"}'); RETURN NULL; END
$$;

CREATE TRIGGER "users_notify_riders" AFTER UPDATE OF "on_duty", "phone", "name", "role" ON "users"
  FOR EACH ROW WHEN (
    (OLD."role" = 'rider' OR NEW."role" = 'rider')
    AND (OLD."on_duty", OLD."phone", OLD."name", OLD."role") IS DISTINCT FROM (NEW."on_duty", NEW."phone", NEW."name", NEW."role")
  )
  EXECUTE FUNCTION "fresh_bowl_notify_riders"();
