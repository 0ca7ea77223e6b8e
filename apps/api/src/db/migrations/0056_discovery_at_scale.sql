DROP INDEX "performer_profiles_search_idx";--> statement-breakpoint
DROP INDEX "performer_profiles_listed_followers_idx";--> statement-breakpoint
DROP INDEX "performer_profiles_listed_online_asc_idx";--> statement-breakpoint
DROP INDEX "performer_profiles_listed_created_idx";--> statement-breakpoint
DROP INDEX "performer_profiles_gender_idx";--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "on_shelves_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "search_name" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "search_all" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
-- custom (keep when renumbering)
-- Decision 077: discovery reads performer_profiles alone. Keyword search matches two documents
-- kept here (the name and username's words, and those with the bio's), and `on_shelves_from`
-- says when the page became ready for the shelves (decision 051: an avatar, a price, a first
-- published post), so that a list needs neither users nor feeds to decide who is on it.
-- Words as the search reads them: lower case, and handles split at the punctuation PostgreSQL's
-- parser would otherwise keep inside one token ("ava.stone", "ava_stone" are "ava stone").
CREATE FUNCTION performer_search_words(p_text text) RETURNS tsvector
LANGUAGE sql IMMUTABLE AS $$
  SELECT to_tsvector('simple', regexp_replace(lower(coalesce(p_text, '')), '[.@/:_]+', ' ', 'g'))
$$;
--> statement-breakpoint
CREATE FUNCTION performer_name_words(p_user_id uuid) RETURNS tsvector
LANGUAGE sql STABLE AS $$
  SELECT performer_search_words(u.name || ' ' || coalesce(u.username, '')) FROM users u WHERE u.id = p_user_id
$$;
--> statement-breakpoint
-- The time from which a creator is on the shelves: their first active post's publication (a
-- scheduled one counts from its time), given an avatar and a price; null while any is missing.
CREATE FUNCTION performer_on_shelves_from(p_user_id uuid, p_priced boolean) RETURNS timestamptz
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN p_priced AND u.avatar_key IS NOT NULL THEN
    (SELECT min(f.published_at) FROM feeds f WHERE f.performer_id = p_user_id AND f.status = 'active')
  END
  FROM users u WHERE u.id = p_user_id
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION performer_profiles_derived() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  name_words tsvector := coalesce(performer_name_words(NEW.user_id), ''::tsvector);
BEGIN
  NEW.search_name := name_words;
  NEW.search_all := name_words || performer_search_words(NEW.bio);
  NEW.listed := coalesce(performer_is_listed(NEW.user_id, NEW.verified_document), false);
  NEW.suspended_until := performer_suspended_until(NEW.user_id);
  NEW.on_shelves_from := performer_on_shelves_from(NEW.user_id,
    coalesce(NEW.monthly_price_cents, NEW.three_month_price_cents, NEW.six_month_price_cents, NEW.yearly_price_cents) IS NOT NULL);
  RETURN NEW;
END
$$;
--> statement-breakpoint
DROP TRIGGER performer_profiles_derived ON performer_profiles;
--> statement-breakpoint
CREATE TRIGGER performer_profiles_derived
BEFORE INSERT OR UPDATE OF bio, verified_document, monthly_price_cents, three_month_price_cents, six_month_price_cents, yearly_price_cents
ON performer_profiles
FOR EACH ROW EXECUTE FUNCTION performer_profiles_derived();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_refresh_performer_profile() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  name_words tsvector := performer_search_words(NEW.name || ' ' || coalesce(NEW.username, ''));
BEGIN
  UPDATE performer_profiles
  SET search_name = name_words,
      search_all = name_words || performer_search_words(bio),
      listed = coalesce(performer_is_listed(NEW.id, verified_document), false),
      suspended_until = performer_suspended_until(NEW.id),
      on_shelves_from = performer_on_shelves_from(NEW.id,
        coalesce(monthly_price_cents, three_month_price_cents, six_month_price_cents, yearly_price_cents) IS NOT NULL)
  WHERE user_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER users_refresh_performer_profile ON users;
--> statement-breakpoint
CREATE TRIGGER users_refresh_performer_profile
AFTER UPDATE OF name, username, status, role, standing, standing_until, avatar_key ON users
FOR EACH ROW WHEN (
  OLD.name IS DISTINCT FROM NEW.name OR OLD.username IS DISTINCT FROM NEW.username
  OR OLD.status IS DISTINCT FROM NEW.status OR OLD.role IS DISTINCT FROM NEW.role
  OR OLD.standing IS DISTINCT FROM NEW.standing OR OLD.standing_until IS DISTINCT FROM NEW.standing_until
  OR (OLD.avatar_key IS NULL) <> (NEW.avatar_key IS NULL)
)
EXECUTE FUNCTION users_refresh_performer_profile();
--> statement-breakpoint
-- Posts put a creator on the shelves or take them off: recomputed for the creators whose posts
-- changed (one probe of feeds_performer_published_asc_idx each), written only when it moved.
CREATE FUNCTION performer_refresh_on_shelves(p_user_ids uuid[]) RETURNS void
LANGUAGE sql AS $$
  UPDATE performer_profiles pp SET on_shelves_from = fresh.at
  FROM (
    SELECT p.user_id, performer_on_shelves_from(p.user_id,
      coalesce(p.monthly_price_cents, p.three_month_price_cents, p.six_month_price_cents, p.yearly_price_cents) IS NOT NULL) AS at
    FROM performer_profiles p WHERE p.user_id = ANY(p_user_ids)
  ) fresh
  WHERE pp.user_id = fresh.user_id AND pp.on_shelves_from IS DISTINCT FROM fresh.at
$$;
--> statement-breakpoint
CREATE FUNCTION feeds_refresh_on_shelves() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'ROW' THEN
    PERFORM performer_refresh_on_shelves(ARRAY[OLD.performer_id, NEW.performer_id]);
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM performer_refresh_on_shelves(ARRAY(SELECT DISTINCT performer_id FROM new_posts));
  ELSE
    PERFORM performer_refresh_on_shelves(ARRAY(SELECT DISTINCT performer_id FROM old_posts));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Inserts and deletes once per statement (a seed or an account's closing touches many posts);
-- updates per row, and only of what decides (a like's count is not one).
CREATE TRIGGER feeds_refresh_on_shelves_insert
AFTER INSERT ON feeds REFERENCING NEW TABLE AS new_posts
FOR EACH STATEMENT EXECUTE FUNCTION feeds_refresh_on_shelves();
--> statement-breakpoint
CREATE TRIGGER feeds_refresh_on_shelves_delete
AFTER DELETE ON feeds REFERENCING OLD TABLE AS old_posts
FOR EACH STATEMENT EXECUTE FUNCTION feeds_refresh_on_shelves();
--> statement-breakpoint
CREATE TRIGGER feeds_refresh_on_shelves_update
AFTER UPDATE OF status, published_at, performer_id ON feeds
FOR EACH ROW WHEN (
  OLD.status IS DISTINCT FROM NEW.status OR OLD.published_at IS DISTINCT FROM NEW.published_at
  OR OLD.performer_id IS DISTINCT FROM NEW.performer_id
)
EXECUTE FUNCTION feeds_refresh_on_shelves();
--> statement-breakpoint
UPDATE performer_profiles pp
SET search_name = performer_search_words(u.name || ' ' || coalesce(u.username, '')),
    search_all = performer_search_words(u.name || ' ' || coalesce(u.username, '')) || performer_search_words(pp.bio),
    on_shelves_from = performer_on_shelves_from(pp.user_id,
      coalesce(pp.monthly_price_cents, pp.three_month_price_cents, pp.six_month_price_cents, pp.yearly_price_cents) IS NOT NULL)
FROM users u WHERE u.id = pp.user_id;
--> statement-breakpoint
DROP FUNCTION performer_search_text(uuid, text);
--> statement-breakpoint
ALTER TABLE "performer_profiles" DROP COLUMN "search_text";--> statement-breakpoint
CREATE INDEX "performer_profiles_shelf_popular_idx" ON "performer_profiles" USING btree ("followers_count","created_at","user_id") WHERE listed and on_shelves_from is not null;--> statement-breakpoint
CREATE INDEX "performer_profiles_shelf_newest_idx" ON "performer_profiles" USING btree ("created_at","user_id") WHERE listed and on_shelves_from is not null;--> statement-breakpoint
CREATE INDEX "performer_profiles_shelf_online_idx" ON "performer_profiles" USING btree ("is_online",coalesce("online_at", '-infinity'::timestamptz),"user_id") WHERE listed and on_shelves_from is not null;--> statement-breakpoint
CREATE INDEX "performer_profiles_shelf_country_popular_idx" ON "performer_profiles" USING btree ("country","followers_count","created_at","user_id") WHERE listed and on_shelves_from is not null;--> statement-breakpoint
CREATE INDEX "performer_profiles_shelf_country_newest_idx" ON "performer_profiles" USING btree ("country","created_at","user_id") WHERE listed and on_shelves_from is not null;--> statement-breakpoint
CREATE INDEX "performer_profiles_search_name_idx" ON "performer_profiles" USING gin ("search_name") WHERE listed and on_shelves_from is not null;--> statement-breakpoint
CREATE INDEX "performer_profiles_search_all_idx" ON "performer_profiles" USING gin ("search_all") WHERE listed and on_shelves_from is not null;
