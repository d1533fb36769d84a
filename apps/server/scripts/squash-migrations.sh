#!/usr/bin/env bash
# Rewrites the migrations as one extensions file and one generated init file. Allowed only while no
# database outside development and tests has run them (nothing is deployed yet); parallel schema
# work merges cleanly this way, where separately generated migrations would fight over the chain.
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf src/db/migrations
npx drizzle-kit generate --custom --name extensions >/dev/null
extensions=$(ls src/db/migrations/0000_*.sql)
cat > "$extensions" <<'SQL'
-- Trigram indexes serve the customers' fragment search; PGlite loads the contrib build of pg_trgm.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
SQL
npx drizzle-kit generate --name init >/dev/null
# What drizzle does not model (views, trigger functions, triggers) lives beside its module as
# src/modules/<module>/*.sql and becomes a custom migration after the tables it needs.
for file in src/modules/*/*.sql; do
  name=$(basename "$file" .sql)
  npx drizzle-kit generate --custom --name "${name//-/_}" >/dev/null
  cat "$file" > "$(ls src/db/migrations/*_"${name//-/_}".sql)"
done
ls src/db/migrations
