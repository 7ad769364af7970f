DROP INDEX "attractions_search_vector_idx";--> statement-breakpoint
DROP INDEX "events_search_vector_idx";--> statement-breakpoint
DROP INDEX "venues_search_vector_idx";--> statement-breakpoint
CREATE INDEX "attractions_search_vector_idx" ON "attractions" USING gin (to_tsvector('simple'::regconfig, "search_text"));--> statement-breakpoint
CREATE INDEX "events_search_vector_idx" ON "events" USING gin (to_tsvector('simple'::regconfig, "search_text"));--> statement-breakpoint
CREATE INDEX "venues_search_vector_idx" ON "venues" USING gin (to_tsvector('simple'::regconfig, "search_text"));--> statement-breakpoint
ALTER TABLE "attractions" DROP COLUMN "search_vector";--> statement-breakpoint
ALTER TABLE "events" DROP COLUMN "search_vector";--> statement-breakpoint
ALTER TABLE "venues" DROP COLUMN "search_vector";