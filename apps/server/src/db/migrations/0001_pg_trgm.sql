-- Trigram indexes serve the customers' fragment search (issue 4); PGlite loads the contrib build.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
