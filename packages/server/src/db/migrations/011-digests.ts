import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './migration-context.js';

/**
 * The e-mail digest (decision 022). `users.digest`: 'daily' | 'weekly' | 'never', weekly
 * for everyone who never chose. `users.digest_last_sent_at`: when the last digest was claimed for
 * the member (the claim's compare-and-set value; null: never). `albums.published_at`: when the
 * album was last published (null while a draft); albums published today count from their creation.
 * `mail_queue.headers`: extra headers (JSON) such as List-Unsubscribe.
 */
export function digests(_ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('users')
        .addColumn('digest', 'text', (c) => c.notNull().defaultTo('weekly'))
        .execute();
      await db.schema.alterTable('users').addColumn('digest_last_sent_at', 'text').execute();
      await db.schema.alterTable('albums').addColumn('published_at', 'text').execute();
      await sql`update albums set published_at = created_at where status = 'published'`.execute(db);
      await db.schema.alterTable('mail_queue').addColumn('headers', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('mail_queue').dropColumn('headers').execute();
      await db.schema.alterTable('albums').dropColumn('published_at').execute();
      await db.schema.alterTable('users').dropColumn('digest_last_sent_at').execute();
      await db.schema.alterTable('users').dropColumn('digest').execute();
    },
  };
}
