-- ADR 0010: close spellings come from the search snapshot's vocabulary of words, so no query reads
-- the trigram indexes any more; they only cost time at every load and write.
DROP INDEX "attractions_search_trgm_idx";--> statement-breakpoint
DROP INDEX "events_search_trgm_idx";--> statement-breakpoint
DROP INDEX "venues_search_trgm_idx";