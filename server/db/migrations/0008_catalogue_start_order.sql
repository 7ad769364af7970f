DROP INDEX "events_point_idx";--> statement-breakpoint
CREATE INDEX "events_start_order_idx" ON "events" USING btree (coalesce("starts_at", 'infinity'::timestamptz));--> statement-breakpoint
CREATE INDEX "events_lon_lat_idx" ON "events" USING btree ("longitude","latitude");