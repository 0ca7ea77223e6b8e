ALTER TABLE "jobs" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_key_key" UNIQUE("key");--> statement-breakpoint
-- Rates become integer basis points (1000 is 10 %), each converted from the old real column
-- exactly (a real holds the rates the site uses, at most four decimals, close enough for round()).
ALTER TABLE "coupons" DROP CONSTRAINT "coupons_discount_range";--> statement-breakpoint
ALTER TABLE "performer_profiles" ALTER COLUMN "monthly_price_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "performer_profiles" ALTER COLUMN "three_month_price_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "performer_profiles" ALTER COLUMN "six_month_price_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "performer_profiles" ALTER COLUMN "yearly_price_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "discount_bps" integer;--> statement-breakpoint
UPDATE "coupons" SET "discount_bps" = round("discount_rate"::numeric * 10000);--> statement-breakpoint
ALTER TABLE "coupons" ALTER COLUMN "discount_bps" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "earnings" ADD COLUMN "commission_bps" integer;--> statement-breakpoint
UPDATE "earnings" SET "commission_bps" = round("commission_rate"::numeric * 10000);--> statement-breakpoint
ALTER TABLE "earnings" ALTER COLUMN "commission_bps" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_requests" ADD COLUMN "token_conversion_bps" integer;--> statement-breakpoint
UPDATE "payout_requests" SET "token_conversion_bps" = round("token_conversion_rate"::numeric * 10000);--> statement-breakpoint
ALTER TABLE "payout_requests" ALTER COLUMN "token_conversion_bps" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "commission_bps" integer;--> statement-breakpoint
UPDATE "performer_profiles" SET "commission_bps" = round("commission_rate"::numeric * 10000);--> statement-breakpoint
ALTER TABLE "coupons" DROP COLUMN "discount_rate";--> statement-breakpoint
ALTER TABLE "earnings" DROP COLUMN "commission_rate";--> statement-breakpoint
ALTER TABLE "payout_requests" DROP COLUMN "token_conversion_rate";--> statement-breakpoint
ALTER TABLE "performer_profiles" DROP COLUMN "commission_rate";--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_discount_range" CHECK ("coupons"."discount_bps" > 0 and "coupons"."discount_bps" < 10000);
