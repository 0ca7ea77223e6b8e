-- Keyword search reads performer_profiles.search_text (name, username and bio, lower-cased)
-- through a GIN index. Triggers keep it current whichever table a change lands in.
CREATE FUNCTION performer_search_text(p_user_id uuid, p_bio text) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT lower(coalesce(u.name, '') || ' ' || coalesce(u.username, '') || ' ' || coalesce(p_bio, ''))
  FROM users u WHERE u.id = p_user_id
$$;
--> statement-breakpoint
CREATE FUNCTION performer_profiles_search_text() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := coalesce(performer_search_text(NEW.user_id, NEW.bio), '');
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER performer_profiles_search_text
BEFORE INSERT OR UPDATE OF bio ON performer_profiles
FOR EACH ROW EXECUTE FUNCTION performer_profiles_search_text();
--> statement-breakpoint
CREATE FUNCTION users_refresh_performer_search_text() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE performer_profiles SET search_text = coalesce(performer_search_text(NEW.id, bio), '') WHERE user_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_refresh_performer_search_text
AFTER UPDATE OF name, username ON users
FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.username IS DISTINCT FROM NEW.username)
EXECUTE FUNCTION users_refresh_performer_search_text();
--> statement-breakpoint
UPDATE performer_profiles SET search_text = coalesce(performer_search_text(user_id, bio), '');
--> statement-breakpoint
UPDATE performer_profiles p SET followers_count = (SELECT count(*) FROM follows f WHERE f.performer_id = p.user_id);
