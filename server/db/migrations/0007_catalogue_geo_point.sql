DROP INDEX "events_earth_idx";--> statement-breakpoint
CREATE INDEX "events_point_idx" ON "events" USING gist (point("longitude", "latitude"));