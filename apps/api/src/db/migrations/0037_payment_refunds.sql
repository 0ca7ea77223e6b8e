CREATE TABLE "payment_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refunds_amount" CHECK ("payment_refunds"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_id_payment_transactions_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_refunds_payment_idx" ON "payment_refunds" USING btree ("payment_id");--> statement-breakpoint
-- Refunds applied before this table: one each, under the id of the journal that took it back, which now points at it.
INSERT INTO "payment_refunds" ("id", "payment_id", "amount_cents", "created_at")
SELECT j."id", t."id", t."refunded_cents", j."created_at" FROM "payment_transactions" t
JOIN "ledger_journals" j ON j."reference_type" = 'payment' AND j."reference_id" = t."id" AND j."kind" = 'refund'
WHERE t."refunded_cents" > 0;--> statement-breakpoint
UPDATE "ledger_journals" SET "reference_type" = 'payment_refund', "reference_id" = "id" WHERE "reference_type" = 'payment' AND "kind" = 'refund';
