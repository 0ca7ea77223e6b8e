ALTER TABLE "earnings" DROP CONSTRAINT "earnings_source_key";--> statement-breakpoint
ALTER TABLE "earnings" ADD COLUMN "is_refund" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "earnings" ADD CONSTRAINT "earnings_source_key" UNIQUE("source_type","source_id","is_refund");