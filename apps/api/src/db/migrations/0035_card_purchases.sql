ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind_check";--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_non_negative";--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "purchase" jsonb;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "charge_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "purchase_problem" text;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "refunded_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_check" CHECK ("ledger_accounts"."kind" in ('wallet', 'earnings', 'payout_hold', 'paid_out', 'platform_revenue', 'promotions', 'gateway_clearing', 'refund_losses'));--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_non_negative" CHECK ("ledger_accounts"."kind" in ('gateway_clearing', 'promotions', 'refund_losses') or "ledger_accounts"."balance_cents" >= 0);--> statement-breakpoint
-- What a refund gives back beyond what it takes (decision 032): the ledger check wants it empty.
INSERT INTO "ledger_accounts" ("kind") VALUES ('refund_losses') ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Refunds made before this one gave the whole payment back to the card.
UPDATE "payment_transactions" SET "refunded_cents" = "amount_cents" WHERE "status" = 'refunded';
