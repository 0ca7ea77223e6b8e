CREATE SEQUENCE "public"."takedown_case_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "moderation_holds" (
	"target_id" uuid PRIMARY KEY NOT NULL,
	"target_type" text NOT NULL,
	"owner_id" uuid,
	"state" text NOT NULL,
	"reason" text NOT NULL,
	"buyers_keep" boolean DEFAULT false NOT NULL,
	"acted_by" uuid,
	"appeal_text" text,
	"appealed_at" timestamp with time zone,
	"appeal_decision" text,
	"appeal_decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderation_holds_state_check" CHECK ("moderation_holds"."state" in ('hidden', 'removed', 'review'))
);
--> statement-breakpoint
CREATE TABLE "removed_image_hashes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hash" bigint NOT NULL,
	"target_type" text NOT NULL,
	"target_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "takedown_cases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_number" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"relation" text NOT NULL,
	"urls" text[] NOT NULL,
	"description" text NOT NULL,
	"sworn" boolean NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "takedown_cases_case_number_unique" UNIQUE("case_number")
);
--> statement-breakpoint
ALTER TABLE "reports" ALTER COLUMN "reporter_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "moderation_holds" ADD CONSTRAINT "moderation_holds_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_holds" ADD CONSTRAINT "moderation_holds_acted_by_users_id_fk" FOREIGN KEY ("acted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_holds_owner_idx" ON "moderation_holds" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "moderation_holds_appeal_idx" ON "moderation_holds" USING btree ("appealed_at") WHERE "moderation_holds"."appealed_at" is not null and "moderation_holds"."appeal_decided_at" is null;--> statement-breakpoint
CREATE INDEX "reports_target_idx" ON "reports" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "files_storage_key_idx" ON "files" USING btree ("storage_key");