ALTER TABLE "performer_profiles" ADD COLUMN "followers_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "is_online" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "online_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "listed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "performer_profiles_search_idx" ON "performer_profiles" USING gin (to_tsvector('simple', "search_text"));--> statement-breakpoint
CREATE INDEX "performer_profiles_listed_followers_idx" ON "performer_profiles" USING btree ("listed","followers_count");--> statement-breakpoint
CREATE INDEX "performer_profiles_listed_online_idx" ON "performer_profiles" USING btree ("listed","is_online" DESC NULLS LAST,"online_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "performer_profiles_listed_created_idx" ON "performer_profiles" USING btree ("listed","created_at");--> statement-breakpoint
CREATE INDEX "performer_profiles_country_idx" ON "performer_profiles" USING btree ("country");--> statement-breakpoint
CREATE INDEX "performer_profiles_gender_idx" ON "performer_profiles" USING btree ("gender");