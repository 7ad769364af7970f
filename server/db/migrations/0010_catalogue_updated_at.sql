CREATE INDEX "attractions_updated_at_idx" ON "attractions" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "events_updated_at_idx" ON "events" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "venues_updated_at_idx" ON "venues" USING btree ("updated_at");