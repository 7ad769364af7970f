-- Extensions used by catalogue search (trigram similarity) and radius filters (earthdistance).
-- PGlite loads them from @electric-sql/pglite/contrib; a PostgreSQL server needs its contrib package.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS cube;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;
