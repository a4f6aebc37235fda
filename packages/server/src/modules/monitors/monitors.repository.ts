import type { Insertable, Selectable } from 'kysely';
import { type Db, type Executor, executorOf } from '../../db/database.js';
import type { MonitorsTable } from '../../db/schema.js';

export type MonitorRow = Selectable<MonitorsTable>;

/** SQL on `monitors`. */
export class MonitorsRepository {
  private readonly db: Executor;

  constructor(db: Db | Executor) {
    this.db = executorOf(db);
  }

  /** Every monitor, newest first. */
  list(): Promise<MonitorRow[]> {
    return this.db
      .selectFrom('monitors')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  find(id: number): Promise<MonitorRow | undefined> {
    return this.db.selectFrom('monitors').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insert(monitor: Insertable<MonitorsTable>): Promise<number> {
    const row = await this.db
      .insertInto('monitors')
      .values(monitor)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(
    id: number,
    changes: Partial<Omit<MonitorsTable, 'id' | 'created_at'>>,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('monitors')
      .set(changes)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Deletes the row and returns it (for its files), or undefined when there was none. */
  delete(id: number): Promise<MonitorRow | undefined> {
    return this.db.deleteFrom('monitors').where('id', '=', id).returningAll().executeTakeFirst();
  }
}
