import { type RawBuilder, sql } from 'kysely';

/**
 * A case-insensitive "contains" for the admin panel's searches, the same on SQLite and
 * PostgreSQL: `lower(column) like '%q%'`, with the search's own `%`, `_` and `\` taken literally.
 * (SQLite's lower() folds ASCII letters only: "álvaro" finds "Álvaro" on PostgreSQL alone.)
 */
export function containsText(column: string, q: string): RawBuilder<boolean> {
  const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}
