CREATE TABLE "country_blocks" (
	"performer_id" uuid NOT NULL,
	"country_code" text NOT NULL,
	CONSTRAINT "country_blocks_performer_id_country_code_pk" PRIMARY KEY("performer_id","country_code")
);
--> statement-breakpoint
CREATE TABLE "user_blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"blocker_id" uuid NOT NULL,
	"target_id" uuid NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_blocks_pair_key" UNIQUE("blocker_id","target_id"),
	CONSTRAINT "user_blocks_not_self_check" CHECK ("user_blocks"."blocker_id" <> "user_blocks"."target_id")
);
--> statement-breakpoint
ALTER TABLE "country_blocks" ADD CONSTRAINT "country_blocks_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_blocks" ADD CONSTRAINT "user_blocks_blocker_id_users_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_blocks" ADD CONSTRAINT "user_blocks_target_id_users_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "country_blocks_country_idx" ON "country_blocks" USING btree ("country_code");--> statement-breakpoint
CREATE INDEX "user_blocks_target_idx" ON "user_blocks" USING btree ("target_id");