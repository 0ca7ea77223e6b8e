ALTER TABLE "feeds" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "galleries" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "feeds" ADD CONSTRAINT "feeds_deleted_inactive" CHECK ("feeds"."deleted_at" is null or "feeds"."status" = 'inactive');--> statement-breakpoint
ALTER TABLE "galleries" ADD CONSTRAINT "galleries_deleted_inactive" CHECK ("galleries"."deleted_at" is null or "galleries"."status" = 'inactive');--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_deleted_inactive" CHECK ("products"."deleted_at" is null or "products"."status" = 'inactive');--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_deleted_inactive" CHECK ("videos"."deleted_at" is null or "videos"."status" = 'inactive');