CREATE TABLE "private_show_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"performer_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"price_per_minute_cents" bigint NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"ended_reason" text,
	"minutes_charged" integer DEFAULT 0 NOT NULL,
	"responded_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "private_show_requests_conversation_key" UNIQUE("conversation_id"),
	CONSTRAINT "private_show_requests_status_check" CHECK ("private_show_requests"."status" in ('pending', 'accepted', 'declined', 'cancelled', 'live', 'ended')),
	CONSTRAINT "private_show_requests_price_positive" CHECK ("private_show_requests"."price_per_minute_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "stream_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stream_id" uuid NOT NULL,
	"performer_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"access" text NOT NULL,
	"price_cents" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'live' NOT NULL,
	"ended_reason" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"duration_seconds" integer DEFAULT 0 NOT NULL,
	"last_heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"viewer_count" integer DEFAULT 0 NOT NULL,
	"peak_viewer_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stream_sessions_conversation_key" UNIQUE("conversation_id"),
	CONSTRAINT "stream_sessions_access_check" CHECK ("stream_sessions"."access" in ('subscribers', 'paid')),
	CONSTRAINT "stream_sessions_status_check" CHECK ("stream_sessions"."status" in ('live', 'ended')),
	CONSTRAINT "stream_sessions_price_check" CHECK (("stream_sessions"."access" = 'paid' and "stream_sessions"."price_cents" > 0) or ("stream_sessions"."access" = 'subscribers' and "stream_sessions"."price_cents" = 0)),
	CONSTRAINT "stream_sessions_counts_non_negative" CHECK ("stream_sessions"."duration_seconds" >= 0 and "stream_sessions"."viewer_count" >= 0 and "stream_sessions"."peak_viewer_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "streams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"performer_id" uuid NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"stream_key_hash" text,
	"stream_key_created_at" timestamp with time zone,
	"private_show_price_cents" bigint DEFAULT 0 NOT NULL,
	"slow_mode_seconds" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "streams_performer_key" UNIQUE("performer_id"),
	CONSTRAINT "streams_stream_key_hash_key" UNIQUE("stream_key_hash"),
	CONSTRAINT "streams_private_show_price_non_negative" CHECK ("streams"."private_show_price_cents" >= 0),
	CONSTRAINT "streams_slow_mode_range" CHECK ("streams"."slow_mode_seconds" between 0 and 300)
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "type" text DEFAULT 'private' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "tip_cents" bigint;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "tip_charge_id" uuid;--> statement-breakpoint
ALTER TABLE "private_show_requests" ADD CONSTRAINT "private_show_requests_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_show_requests" ADD CONSTRAINT "private_show_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_show_requests" ADD CONSTRAINT "private_show_requests_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_sessions" ADD CONSTRAINT "stream_sessions_stream_id_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."streams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_sessions" ADD CONSTRAINT "stream_sessions_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_sessions" ADD CONSTRAINT "stream_sessions_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streams" ADD CONSTRAINT "streams_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "private_show_requests_one_open_idx" ON "private_show_requests" USING btree ("user_id","performer_id") WHERE "private_show_requests"."status" in ('pending', 'accepted', 'live');--> statement-breakpoint
CREATE INDEX "private_show_requests_performer_created_idx" ON "private_show_requests" USING btree ("performer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "private_show_requests_user_created_idx" ON "private_show_requests" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "stream_sessions_one_live_idx" ON "stream_sessions" USING btree ("performer_id") WHERE "stream_sessions"."status" = 'live';--> statement-breakpoint
CREATE INDEX "stream_sessions_status_started_idx" ON "stream_sessions" USING btree ("status","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stream_sessions_performer_started_idx" ON "stream_sessions" USING btree ("performer_id","started_at" DESC NULLS LAST);