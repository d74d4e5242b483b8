-- Live streams end with their session (product.md §5): when a user's sessions end (the session
-- version moves on: logout, password reset, a provider sign-in that removes the password), their
-- role changes, or the account goes, the live channel names the user and every instance closes
-- that user's streams (lib/realtime/hub.ts). A trigger, like the order and menu notices: no code
-- path that changes these columns can forget to announce it, and the notice goes out only when
-- the change commits. The payload is the user's id only, which no stream forwards.

CREATE FUNCTION "fresh_bowl_notify_session"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('fresh_bowl_events', json_build_object('type', 'session', 'userId', OLD."id")::text);
  RETURN NULL;
END
$$;

CREATE TRIGGER "users_notify_session" AFTER UPDATE OF "session_version", "role" ON "users"
  FOR EACH ROW WHEN (OLD."session_version" IS DISTINCT FROM NEW."session_version" OR OLD."role" IS DISTINCT FROM NEW."role")
  EXECUTE FUNCTION "fresh_bowl_notify_session"();
CREATE TRIGGER "users_notify_delete" AFTER DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "fresh_bowl_notify_session"();
