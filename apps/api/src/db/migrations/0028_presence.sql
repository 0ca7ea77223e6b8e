ALTER TABLE "users" ADD COLUMN "is_online" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "online_at" timestamp with time zone;--> statement-breakpoint
UPDATE "users" SET "is_online" = p."is_online", "online_at" = p."online_at" FROM "performer_profiles" p WHERE p."user_id" = "users"."id";
