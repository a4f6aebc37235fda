import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './migration-context.js';

/**
 * The public content: news, experiences (trip reports) and monitors (the group's scouters).
 * Each keeps its image as stored variants (display copy, thumbnail, placeholder) like albums
 * do; likes and comments of news and experiences live in the shared `likes`/`comments` tables.
 */
export function content({ dialect }: MigrationContext) {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  const categoryCheck = sql`category in ('ruta', 'campamento', 'zona')`;

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('news')
        .addColumn('id', idType, (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('image_key', 'text')
        .addColumn('image_thumb_key', 'text')
        .addColumn('image_placeholder', 'text')
        .addColumn('image_width', 'integer')
        .addColumn('image_height', 'integer')
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('news_created_idx')
        .on('news')
        .columns(['created_at', 'id'])
        .execute();

      await db.schema
        .createTable('experiences')
        .addColumn('id', idType, (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('category', 'text', (c) => c.notNull().check(categoryCheck))
        .addColumn('image_key', 'text')
        .addColumn('image_thumb_key', 'text')
        .addColumn('image_placeholder', 'text')
        .addColumn('image_width', 'integer')
        .addColumn('image_height', 'integer')
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('experiences_created_idx')
        .on('experiences')
        .columns(['created_at', 'id'])
        .execute();

      await db.schema
        .createTable('monitors')
        .addColumn('id', idType, (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('role_description', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('image_key', 'text')
        .addColumn('image_thumb_key', 'text')
        .addColumn('image_placeholder', 'text')
        .addColumn('image_width', 'integer')
        .addColumn('image_height', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('monitors').execute();
      await db.schema.dropTable('experiences').execute();
      await db.schema.dropTable('news').execute();
    },
  };
}
