ALTER TABLE "attractions" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, search_text)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, search_text)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, search_text)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "attractions_search_vector_idx" ON "attractions" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "attractions_search_trgm_idx" ON "attractions" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "attractions_search_prefix_idx" ON "attractions" USING btree ("search_text" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "attractions_popularity_idx" ON "attractions" USING btree ("popularity" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "events_search_vector_idx" ON "events" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "events_search_trgm_idx" ON "events" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "events_search_prefix_idx" ON "events" USING btree ("search_text" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "events_popularity_idx" ON "events" USING btree ("popularity" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "events_earth_idx" ON "events" USING gist (ll_to_earth("latitude", "longitude"));--> statement-breakpoint
CREATE INDEX "events_country_starts_idx" ON "events" USING btree ("country_code","starts_at");--> statement-breakpoint
CREATE INDEX "events_segment_starts_idx" ON "events" USING btree ("segment_id","starts_at");--> statement-breakpoint
CREATE INDEX "events_genre_idx" ON "events" USING btree ("genre_id");--> statement-breakpoint
CREATE INDEX "events_sub_genre_idx" ON "events" USING btree ("sub_genre_id");--> statement-breakpoint
CREATE INDEX "venues_search_vector_idx" ON "venues" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "venues_search_trgm_idx" ON "venues" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "venues_city_idx" ON "venues" USING btree (lower("city"));--> statement-breakpoint
CREATE INDEX "venues_postal_code_idx" ON "venues" USING btree ("postal_code");