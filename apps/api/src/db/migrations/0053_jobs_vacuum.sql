-- The job queue is the busiest table for updates (each job is written three times) and the claim
-- reads its index in order: autovacuum cleans it after 1,000 dead row versions rather than after a
-- fifth of the table (a day of finished jobs), so claims never wade through a backlog of them.
alter table "jobs" set (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000, autovacuum_analyze_scale_factor = 0, autovacuum_analyze_threshold = 1000);
