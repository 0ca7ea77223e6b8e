CREATE TABLE "performer_banking" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"bank_name" text NOT NULL,
	"bank_account" text NOT NULL,
	"bank_routing" text,
	"bank_swift_code" text,
	"address" text,
	"city" text,
	"state" text,
	"country" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "performer_payment_settings" (
	"user_id" uuid NOT NULL,
	"gateway" text NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "performer_payment_settings_user_id_gateway_pk" PRIMARY KEY("user_id","gateway")
);
--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "zipcode" text;--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "phone_code" text;--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "languages" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "height" text;--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "weight" text;--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "body_type" text;--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "ethnicity" text;--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "size" text;--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "hair" text;--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "eyes" text;--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "sexual_orientation" text;--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "monthly_price_cents" integer;--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "three_month_price_cents" integer;--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "six_month_price_cents" integer;--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "yearly_price_cents" integer;--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "is_free_subscription" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "performer_banking" ADD CONSTRAINT "performer_banking_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performer_payment_settings" ADD CONSTRAINT "performer_payment_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;