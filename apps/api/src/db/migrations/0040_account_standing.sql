CREATE TABLE "standing_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"action" text NOT NULL,
	"reason" text NOT NULL,
	"until" timestamp with time zone,
	"report_id" uuid,
	"admin_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "standing_actions_action_check" CHECK ("standing_actions"."action" in ('warn', 'suspend', 'ban', 'restore'))
);
--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "suspended_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "standing" text DEFAULT 'good' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "standing_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "standing_reason" text;--> statement-breakpoint
ALTER TABLE "standing_actions" ADD CONSTRAINT "standing_actions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "standing_actions_user_idx" ON "standing_actions" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_standing_check" CHECK ("users"."standing" in ('good', 'suspended', 'banned'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_standing_until_check" CHECK (("users"."standing" = 'suspended') = ("users"."standing_until" is not null));--> statement-breakpoint
-- custom (keep when renumbering)
-- Decision 045: a banned creator is never listed (fans do not find, see or pay them), and a
-- suspended one carries the end of the suspension on the profile (`suspended_until`), so that the
-- lists read one row and the suspension ends by itself when now() passes it.
CREATE OR REPLACE FUNCTION performer_is_listed(p_user_id uuid, p_verified boolean) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT p_verified AND u.status = 'active' AND u.role = 'performer' AND u.standing <> 'banned' FROM users u WHERE u.id = p_user_id
$$;
--> statement-breakpoint
CREATE FUNCTION performer_suspended_until(p_user_id uuid) RETURNS timestamptz
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN u.standing = 'suspended' THEN u.standing_until END FROM users u WHERE u.id = p_user_id
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION performer_profiles_derived() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := coalesce(performer_search_text(NEW.user_id, NEW.bio), '');
  NEW.listed := coalesce(performer_is_listed(NEW.user_id, NEW.verified_document), false);
  NEW.suspended_until := performer_suspended_until(NEW.user_id);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_refresh_performer_profile() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE performer_profiles
  SET search_text = coalesce(performer_search_text(NEW.id, bio), ''),
      listed = coalesce(performer_is_listed(NEW.id, verified_document), false),
      suspended_until = performer_suspended_until(NEW.id)
  WHERE user_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER users_refresh_performer_profile ON users;
--> statement-breakpoint
CREATE TRIGGER users_refresh_performer_profile
AFTER UPDATE OF name, username, status, role, standing, standing_until ON users
FOR EACH ROW WHEN (
  OLD.name IS DISTINCT FROM NEW.name OR OLD.username IS DISTINCT FROM NEW.username
  OR OLD.status IS DISTINCT FROM NEW.status OR OLD.role IS DISTINCT FROM NEW.role
  OR OLD.standing IS DISTINCT FROM NEW.standing OR OLD.standing_until IS DISTINCT FROM NEW.standing_until
)
EXECUTE FUNCTION users_refresh_performer_profile();
