import { join } from 'node:path';
import Database from 'better-sqlite3';

/*
 * The server's SQLite database, opened beside it (WAL: both may write; the server notices other
 * connections' commits), to seed what has no screen yet in this spec: sections' children, their
 * guardians, scouters' sections (issue #24).
 */

function open() {
  const dir = process.env.FOGATA_E2E_DATA_DIR;
  if (!dir) throw new Error('FOGATA_E2E_DATA_DIR no está definido (global-setup)');
  const db = new Database(join(dir, 'fogata.db'));
  db.pragma('busy_timeout = 5000');
  return db;
}

/** Runs `work` on the database and closes it. */
function withDb<T>(work: (db: Database.Database) => T): T {
  const db = open();
  try {
    return work(db);
  } finally {
    db.close();
  }
}

/** The id of the section named `name`. */
export const sectionIdOf = (name: string) =>
  withDb(
    (db) => (db.prepare('select id from sections where name = ?').get(name) as { id: number }).id,
  );

/** The id of the account with address `email`. */
export const userIdOf = (email: string) =>
  withDb(
    (db) => (db.prepare('select id from users where email = ?').get(email) as { id: number }).id,
  );

/** A child in section `section` whose guardian is the account `email`; returns its id. */
export function addChild(email: string, section: string, fullName: string): number {
  return withDb((db) => {
    const now = new Date().toISOString();
    const sectionId = (
      db.prepare('select id from sections where name = ?').get(section) as {
        id: number;
      }
    ).id;
    const userId = (db.prepare('select id from users where email = ?').get(email) as { id: number })
      .id;
    const child = db
      .prepare(
        `insert into children (full_name, birth_date, section_id, active, created_at, updated_at)
         values (?, '2013-05-10', ?, 1, ?, ?) returning id`,
      )
      .get(fullName, sectionId, now, now) as { id: number };
    db.prepare(
      'insert into child_sections (child_id, section_id, started_at) values (?, ?, ?)',
    ).run(child.id, sectionId, now);
    db.prepare('insert into guardians (user_id, child_id, created_at) values (?, ?, ?)').run(
      userId,
      child.id,
      now,
    );
    return child.id;
  });
}
