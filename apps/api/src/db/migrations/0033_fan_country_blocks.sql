CREATE TABLE "fan_country_blocks" (
	"user_id" uuid NOT NULL,
	"country_code" text NOT NULL,
	CONSTRAINT "fan_country_blocks_user_id_country_code_pk" PRIMARY KEY("user_id","country_code")
);
--> statement-breakpoint
ALTER TABLE "fan_country_blocks" ADD CONSTRAINT "fan_country_blocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;