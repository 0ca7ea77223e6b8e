CREATE TABLE "sign_in_throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "jobs_claimable_idx";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "group_key" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "fair_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "jobs" SET "fair_at" = "run_at";--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD COLUMN "detail" jsonb;--> statement-breakpoint
CREATE INDEX "jobs_group_idx" ON "jobs" USING btree ("group_key","status");--> statement-breakpoint
CREATE INDEX "jobs_claimable_idx" ON "jobs" USING btree ("status","fair_at");