CREATE TABLE "performer_profile_revisions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"avatar_file_id" uuid,
	"cover_file_id" uuid,
	"welcome_video_file_id" uuid,
	"refused_reason" text,
	"refused_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "performer_profile_revisions" ADD CONSTRAINT "performer_profile_revisions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performer_profile_revisions" ADD CONSTRAINT "performer_profile_revisions_avatar_file_id_files_id_fk" FOREIGN KEY ("avatar_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performer_profile_revisions" ADD CONSTRAINT "performer_profile_revisions_cover_file_id_files_id_fk" FOREIGN KEY ("cover_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performer_profile_revisions" ADD CONSTRAINT "performer_profile_revisions_welcome_video_file_id_files_id_fk" FOREIGN KEY ("welcome_video_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;