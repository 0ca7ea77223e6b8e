-- /metrics reports the last ledger check at every scrape: this partial index finds it among a day of
-- finished jobs without reading them. It holds the ledger checks only, so the queue's writes do not pay.
CREATE INDEX "jobs_ledger_check_idx" ON "jobs" USING btree ("updated_at") WHERE "jobs"."name" = 'ledger.check';