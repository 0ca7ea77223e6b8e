DROP INDEX "performer_profiles_listed_online_idx";--> statement-breakpoint
DROP INDEX "feeds_performer_published_idx";--> statement-breakpoint
DROP INDEX "feeds_performer_pinned_published_idx";--> statement-breakpoint
CREATE INDEX "performer_profiles_listed_online_asc_idx" ON "performer_profiles" USING btree ("listed","is_online","online_at" NULLS FIRST);--> statement-breakpoint
CREATE INDEX "feeds_performer_published_asc_idx" ON "feeds" USING btree ("performer_id","published_at","id");--> statement-breakpoint
CREATE INDEX "feeds_performer_pinned_published_asc_idx" ON "feeds" USING btree ("performer_id","is_pinned","published_at","id");