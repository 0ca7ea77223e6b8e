-- custom (keep when renumbering)
-- Decision 061: every process keeps the sessions it resolved in memory and drops one as soon as
-- the database says it changed. The triggers say so for every write, whichever code or process
-- made it (a route, the admin CLI, another API process), so no write site can forget to.
-- The payload is the session ('s:<id>') or the account ('u:<id>') whose cached sessions go.
CREATE FUNCTION notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_changes', (CASE WHEN TG_TABLE_NAME = 'sessions' THEN 's:' ELSE 'u:' END) || OLD.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Any change, the last-seen time included (written at most once a minute per session), so what a
-- process keeps is what the row says.
CREATE TRIGGER sessions_changed AFTER UPDATE OR DELETE ON sessions
FOR EACH ROW EXECUTE FUNCTION notify_session_change();
--> statement-breakpoint
-- Presence (is_online, online_at) changes with every socket and decides nothing about a request.
CREATE TRIGGER users_changed AFTER UPDATE ON users FOR EACH ROW
WHEN ((to_jsonb(OLD) - '{is_online,online_at,updated_at}'::text[]) IS DISTINCT FROM (to_jsonb(NEW) - '{is_online,online_at,updated_at}'::text[]))
EXECUTE FUNCTION notify_session_change();
--> statement-breakpoint
CREATE TRIGGER users_deleted AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION notify_session_change();
