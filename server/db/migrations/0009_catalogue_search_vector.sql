-- ADR 0003: a stored search vector per searchable row, kept by a trigger so writers only fill
-- search_text (and an upsert copying excluded.* carries the vector the trigger computed).
DROP INDEX "attractions_search_vector_idx";--> statement-breakpoint
DROP INDEX "events_search_vector_idx";--> statement-breakpoint
DROP INDEX "venues_search_vector_idx";--> statement-breakpoint
ALTER TABLE "attractions" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
CREATE FUNCTION "catalogue_search_vector"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := to_tsvector('simple'::regconfig, NEW.search_text);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "attractions_search_vector" BEFORE INSERT OR UPDATE ON "attractions"
  FOR EACH ROW EXECUTE FUNCTION "catalogue_search_vector"();--> statement-breakpoint
CREATE TRIGGER "events_search_vector" BEFORE INSERT OR UPDATE ON "events"
  FOR EACH ROW EXECUTE FUNCTION "catalogue_search_vector"();--> statement-breakpoint
CREATE TRIGGER "venues_search_vector" BEFORE INSERT OR UPDATE ON "venues"
  FOR EACH ROW EXECUTE FUNCTION "catalogue_search_vector"();--> statement-breakpoint
UPDATE "attractions" SET "search_vector" = to_tsvector('simple'::regconfig, "search_text");--> statement-breakpoint
UPDATE "events" SET "search_vector" = to_tsvector('simple'::regconfig, "search_text");--> statement-breakpoint
UPDATE "venues" SET "search_vector" = to_tsvector('simple'::regconfig, "search_text");--> statement-breakpoint
CREATE INDEX "attractions_search_vector_idx" ON "attractions" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "events_search_vector_idx" ON "events" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "venues_search_vector_idx" ON "venues" USING gin ("search_vector");
