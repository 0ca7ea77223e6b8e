CREATE TABLE "agreements" (
	"user_id" uuid NOT NULL,
	"document" text NOT NULL,
	"version" integer NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text,
	"user_agent" text,
	CONSTRAINT "agreements_user_id_document_version_pk" PRIMARY KEY("user_id","document","version"),
	CONSTRAINT "agreements_document_check" CHECK ("agreements"."document" in ('age', 'terms', 'privacy'))
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "documents_rejected_reason" text;--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "documents_rejected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "documents_submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agreements_document_version_idx" ON "agreements" USING btree ("document","version");--> statement-breakpoint
CREATE INDEX "ledger_journals_created_at_idx" ON "ledger_journals" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_role_created_at_idx" ON "users" USING btree ("role","created_at");--> statement-breakpoint
-- custom (keep when renumbering)
-- Documents already on file wait for review from when the creator signed up (decision 051).
UPDATE "performer_profiles" SET "documents_submitted_at" = "created_at"
WHERE "verified_document" = false AND ("id_verification_file_id" IS NOT NULL OR "document_verification_file_id" IS NOT NULL);
