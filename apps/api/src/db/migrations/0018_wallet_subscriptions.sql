ALTER TABLE "wallet_charges" DROP CONSTRAINT "wallet_charges_type_check";--> statement-breakpoint
ALTER TABLE "subscription_periods" ADD COLUMN "charge_id" uuid;--> statement-breakpoint
ALTER TABLE "subscription_periods" ADD CONSTRAINT "subscription_periods_charge_id_wallet_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."wallet_charges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_periods" ADD CONSTRAINT "subscription_periods_charge_key" UNIQUE("charge_id");--> statement-breakpoint
ALTER TABLE "wallet_charges" ADD CONSTRAINT "wallet_charges_type_check" CHECK ("wallet_charges"."type" in ('tip', 'feed', 'video', 'gallery', 'product', 'message', 'stream', 'stream_tip', 'subscription'));