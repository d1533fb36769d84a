import { defineConfig } from 'drizzle-kit';

/** `npm run db:generate -w @avlu/server` writes a new SQL migration from the table files; no database needed. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './src/db/migrations',
});
