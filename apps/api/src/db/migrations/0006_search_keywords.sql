CREATE TABLE "search_keywords" (
	"keyword" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"last_searched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_keywords_count_idx" ON "search_keywords" USING btree ("count");--> statement-breakpoint
CREATE INDEX "search_keywords_last_idx" ON "search_keywords" USING btree ("last_searched_at");