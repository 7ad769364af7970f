CREATE TABLE "account_images" (
	"uid" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"uid" text PRIMARY KEY NOT NULL,
	"email" text,
	"display_name" text,
	"first_name" text,
	"last_name" text,
	"image" text,
	"system_role" text DEFAULT 'user' NOT NULL,
	"onboarding" boolean DEFAULT false NOT NULL,
	"push_notification_token" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_budget" (
	"source" text NOT NULL,
	"day" date NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "api_budget_source_day_pk" PRIMARY KEY("source","day")
);
--> statement-breakpoint
CREATE TABLE "attractions" (
	"id" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"source_id" text NOT NULL,
	"name" text NOT NULL,
	"search_text" text NOT NULL,
	"url" text,
	"description" text,
	"segment_id" text,
	"genre_id" text,
	"sub_genre_id" text,
	"popularity" double precision DEFAULT 0 NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"upcoming_events" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "classifications" (
	"id" text PRIMARY KEY NOT NULL,
	"level" text NOT NULL,
	"name" text NOT NULL,
	"parent_id" text
);
--> statement-breakpoint
CREATE TABLE "event_attractions" (
	"event_id" text NOT NULL,
	"attraction_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "event_attractions_event_id_attraction_id_pk" PRIMARY KEY("event_id","attraction_id")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"source_id" text NOT NULL,
	"name" text NOT NULL,
	"search_text" text NOT NULL,
	"url" text,
	"info" text,
	"please_note" text,
	"local_date" date,
	"local_time" time,
	"starts_at" timestamp with time zone,
	"timezone" text,
	"status_code" text DEFAULT 'onsale' NOT NULL,
	"segment_id" text,
	"genre_id" text,
	"sub_genre_id" text,
	"venue_id" text,
	"latitude" double precision,
	"longitude" double precision,
	"country_code" text,
	"price_ranges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price_min" numeric(10, 2),
	"price_max" numeric(10, 2),
	"currency" text,
	"popularity" double precision DEFAULT 0 NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ingest_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text NOT NULL,
	"cursor" jsonb,
	"pages" integer DEFAULT 0 NOT NULL,
	"upserts" integer DEFAULT 0 NOT NULL,
	"skips" integer DEFAULT 0 NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "onboarding_answers" (
	"uid" text PRIMARY KEY NOT NULL,
	"vendor" text NOT NULL,
	"max_budget" integer NOT NULL,
	"already_resold" boolean NOT NULL,
	"resale_reason" text,
	"referral_source" text NOT NULL,
	"referral_other_detail" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "venues" (
	"id" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"source_id" text NOT NULL,
	"name" text NOT NULL,
	"search_text" text NOT NULL,
	"url" text,
	"address" text,
	"city" text,
	"state_code" text,
	"state_name" text,
	"country_code" text,
	"country_name" text,
	"postal_code" text,
	"timezone" text,
	"latitude" double precision,
	"longitude" double precision,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"upcoming_events" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_images" ADD CONSTRAINT "account_images_uid_accounts_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."accounts"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_attractions" ADD CONSTRAINT "event_attractions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_attractions" ADD CONSTRAINT "event_attractions_attraction_id_attractions_id_fk" FOREIGN KEY ("attraction_id") REFERENCES "public"."attractions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_answers" ADD CONSTRAINT "onboarding_answers_uid_accounts_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."accounts"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_email_idx" ON "accounts" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "attractions_source_uq" ON "attractions" USING btree ("source","source_id");--> statement-breakpoint
CREATE INDEX "classifications_parent_idx" ON "classifications" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "event_attractions_attraction_idx" ON "event_attractions" USING btree ("attraction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "events_source_uq" ON "events" USING btree ("source","source_id");--> statement-breakpoint
CREATE INDEX "events_starts_at_idx" ON "events" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "events_venue_idx" ON "events" USING btree ("venue_id");--> statement-breakpoint
CREATE UNIQUE INDEX "venues_source_uq" ON "venues" USING btree ("source","source_id");