CREATE TABLE "alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uid" text NOT NULL,
	"kind" text NOT NULL,
	"event_id" text,
	"attraction_id" text,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"url" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"dedupe_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"pushed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"uid" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "event_observations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"observed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"price_min" numeric(10, 2),
	"price_max" numeric(10, 2),
	"currency" text,
	"status_code" text NOT NULL,
	"starts_at" timestamp with time zone,
	"local_date" date,
	"local_time" time
);
--> statement-breakpoint
CREATE TABLE "follows" (
	"uid" text NOT NULL,
	"attraction_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follows_uid_attraction_id_pk" PRIMARY KEY("uid","attraction_id")
);
--> statement-breakpoint
CREATE TABLE "job_locks" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"lease_until" timestamp with time zone NOT NULL,
	"acquired_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_run_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uid" text NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_success_at" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_preferences" (
	"uid" text PRIMARY KEY NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"city" text,
	"radius" integer DEFAULT 100 NOT NULL,
	"unit" text DEFAULT 'miles' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watches" (
	"uid" text NOT NULL,
	"event_id" text NOT NULL,
	"ticket_category" text DEFAULT 'cheapest' NOT NULL,
	"target_price" numeric(10, 2),
	"baseline_price_min" numeric(10, 2),
	"baseline_price_max" numeric(10, 2),
	"baseline_currency" text,
	"known_status" text NOT NULL,
	"known_starts_at" timestamp with time zone,
	"known_local_date" date,
	"known_local_time" time,
	"status_changes" integer DEFAULT 0 NOT NULL,
	"price_alert_armed" boolean DEFAULT true NOT NULL,
	"price_crossings" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watches_uid_event_id_pk" PRIMARY KEY("uid","event_id")
);
--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_uid_accounts_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."accounts"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_attraction_id_attractions_id_fk" FOREIGN KEY ("attraction_id") REFERENCES "public"."attractions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_uid_accounts_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."accounts"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_observations" ADD CONSTRAINT "event_observations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_uid_accounts_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."accounts"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_attraction_id_attractions_id_fk" FOREIGN KEY ("attraction_id") REFERENCES "public"."attractions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_uid_accounts_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."accounts"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_preferences" ADD CONSTRAINT "tracking_preferences_uid_accounts_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."accounts"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watches" ADD CONSTRAINT "watches_uid_accounts_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."accounts"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watches" ADD CONSTRAINT "watches_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_uid_dedupe_uq" ON "alerts" USING btree ("uid","dedupe_key");--> statement-breakpoint
CREATE INDEX "alerts_uid_created_idx" ON "alerts" USING btree ("uid","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "alerts_unread_idx" ON "alerts" USING btree ("uid") WHERE "alerts"."read_at" is null;--> statement-breakpoint
CREATE INDEX "alerts_push_queue_idx" ON "alerts" USING btree ("created_at") WHERE "alerts"."pushed_at" is null;--> statement-breakpoint
CREATE INDEX "event_observations_event_time_idx" ON "event_observations" USING btree ("event_id","observed_at","id");--> statement-breakpoint
CREATE INDEX "follows_attraction_idx" ON "follows" USING btree ("attraction_id");--> statement-breakpoint
CREATE INDEX "follows_uid_created_idx" ON "follows" USING btree ("uid","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_uq" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_uid_idx" ON "push_subscriptions" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "watches_event_idx" ON "watches" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "watches_uid_created_idx" ON "watches" USING btree ("uid","created_at");