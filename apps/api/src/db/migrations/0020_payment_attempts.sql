CREATE TABLE "payment_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"state" text DEFAULT 'sending' NOT NULL,
	"gateway_ref" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_attempts_number_key" UNIQUE("payment_id","number"),
	CONSTRAINT "payment_attempts_idempotency_key" UNIQUE("idempotency_key"),
	CONSTRAINT "payment_attempts_state_check" CHECK ("payment_attempts"."state" in ('sending', 'unknown', 'success', 'fail', 'processing', 'require_authentication'))
);
--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_payment_id_payment_transactions_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_attempts_gateway_ref_idx" ON "payment_attempts" USING btree ("gateway_ref");--> statement-breakpoint
-- Every earlier try becomes its attempt, with the key it was sent with, so webhooks and refunds keep finding it.
INSERT INTO "payment_attempts" ("payment_id", "number", "idempotency_key", "state", "gateway_ref")
SELECT "id", "attempts", "id" || ':' || "attempts",
  CASE WHEN "status" IN ('success', 'refunded') THEN 'success'
       WHEN "status" IN ('fail', 'canceled') THEN 'fail'
       WHEN "status" = 'require_authentication' THEN 'require_authentication'
       ELSE 'unknown' END,
  "gateway_ref"
FROM "payment_transactions" WHERE "attempts" > 0;--> statement-breakpoint
ALTER TABLE "payment_transactions" DROP COLUMN "attempts";