-- Search reads only performer_profiles: search_text (name, username and bio, lower-cased, under
-- a GIN index) and listed (the account is active and an admin verified the documents). These
-- triggers keep both current whichever table a change lands in.
CREATE FUNCTION performer_search_text(p_user_id uuid, p_bio text) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT lower(coalesce(u.name, '') || ' ' || coalesce(u.username, '') || ' ' || coalesce(p_bio, ''))
  FROM users u WHERE u.id = p_user_id
$$;
--> statement-breakpoint
CREATE FUNCTION performer_is_listed(p_user_id uuid, p_verified boolean) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT p_verified AND u.status = 'active' AND u.role = 'performer' FROM users u WHERE u.id = p_user_id
$$;
--> statement-breakpoint
CREATE FUNCTION performer_profiles_derived() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := coalesce(performer_search_text(NEW.user_id, NEW.bio), '');
  NEW.listed := coalesce(performer_is_listed(NEW.user_id, NEW.verified_document), false);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER performer_profiles_derived
BEFORE INSERT OR UPDATE OF bio, verified_document ON performer_profiles
FOR EACH ROW EXECUTE FUNCTION performer_profiles_derived();
--> statement-breakpoint
CREATE FUNCTION users_refresh_performer_profile() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE performer_profiles
  SET search_text = coalesce(performer_search_text(NEW.id, bio), ''),
      listed = coalesce(performer_is_listed(NEW.id, verified_document), false)
  WHERE user_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_refresh_performer_profile
AFTER UPDATE OF name, username, status, role ON users
FOR EACH ROW WHEN (
  OLD.name IS DISTINCT FROM NEW.name OR OLD.username IS DISTINCT FROM NEW.username
  OR OLD.status IS DISTINCT FROM NEW.status OR OLD.role IS DISTINCT FROM NEW.role
)
EXECUTE FUNCTION users_refresh_performer_profile();
--> statement-breakpoint
UPDATE performer_profiles
SET search_text = coalesce(performer_search_text(user_id, bio), ''),
    listed = coalesce(performer_is_listed(user_id, verified_document), false),
    followers_count = (SELECT count(*) FROM follows f WHERE f.performer_id = performer_profiles.user_id);
