import { defineConfig } from 'drizzle-kit';

// Only used by `npm run db:generate`; the app applies migrations itself (src/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
