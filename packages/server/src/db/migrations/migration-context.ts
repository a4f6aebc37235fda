/**
 * What every migration is handed: the database's dialect. Its own file, so the migrations need
 * not import the list that imports them.
 */
export type Dialect = 'sqlite' | 'postgres';
export interface MigrationContext {
  dialect: Dialect;
}
