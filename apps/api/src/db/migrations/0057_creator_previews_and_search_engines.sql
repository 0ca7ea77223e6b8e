ALTER TABLE "performer_profiles" ADD COLUMN "hidden_from_search_engines" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "preview_version" text;