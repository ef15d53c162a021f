import { fileURLToPath } from 'node:url';

/** Where drizzle-kit writes the SQL migrations that both PGlite and PostgreSQL apply. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));
