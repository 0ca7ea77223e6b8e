-- The platform's own ledger accounts (owner null), created once here instead of by the first
-- movement that needs each (decision 022): a sale, a top-up, a refund or a payout only ever finds
-- them. A site that already has some keeps them, ids and entries unchanged: the unique
-- (owner_id, kind), nulls not distinct, makes the insert skip those.
INSERT INTO "ledger_accounts" ("kind") VALUES ('platform_revenue'), ('gateway_clearing'), ('promotions'), ('paid_out') ON CONFLICT DO NOTHING;
