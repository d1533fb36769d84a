-- Trigram indexes serve the customers' fragment search; PGlite loads the contrib build of pg_trgm.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
