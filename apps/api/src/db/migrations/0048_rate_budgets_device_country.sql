CREATE TABLE "rate_budgets" (
	"key" text PRIMARY KEY NOT NULL,
	"used" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "known_devices" ADD COLUMN "country" text;