CREATE TABLE "search_keyword_searchers" (
	"keyword" text NOT NULL,
	"searcher" text NOT NULL,
	CONSTRAINT "search_keyword_searchers_keyword_searcher_pk" PRIMARY KEY("keyword","searcher")
);
--> statement-breakpoint
ALTER TABLE "search_keywords" ADD COLUMN "searchers" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "search_keyword_searchers" ADD CONSTRAINT "search_keyword_searchers_keyword_search_keywords_keyword_fk" FOREIGN KEY ("keyword") REFERENCES "public"."search_keywords"("keyword") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_keywords_searchers_idx" ON "search_keywords" USING btree ("searchers","count");