CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 3 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_status_check" CHECK ("jobs"."status" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "duration" double precision;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "thumbnail_key" text;--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "welcome_video_file_id" uuid;--> statement-breakpoint
CREATE INDEX "jobs_claimable_idx" ON "jobs" USING btree ("status","run_at");--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD CONSTRAINT "performer_profiles_welcome_video_file_id_files_id_fk" FOREIGN KEY ("welcome_video_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;