import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './migration-context.js';

/** Albums, photos, and the likes and comments that photos (and later news and experiences) get. */
export function gallery({ dialect }: MigrationContext) {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  // AUTOINCREMENT on SQLite: an id is never reused, so a like or comment left behind by a
  // deleted target can never attach itself to a new one.
  const targetCheck = sql`target_type in ('photo', 'news', 'experience')`;

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('albums')
        .addColumn('id', idType, (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('cover_key', 'text')
        .addColumn('cover_thumb_key', 'text')
        .addColumn('cover_placeholder', 'text')
        .addColumn('cover_width', 'integer')
        .addColumn('cover_height', 'integer')
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('albums_created_idx')
        .on('albums')
        .columns(['created_at', 'id'])
        .execute();

      await db.schema
        .createTable('photos')
        .addColumn('id', idType, (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('album_id', 'integer', (c) =>
          c.notNull().references('albums.id').onDelete('cascade'),
        )
        .addColumn('image_key', 'text', (c) => c.notNull())
        .addColumn('thumb_key', 'text', (c) => c.notNull())
        .addColumn('placeholder', 'text', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('uploaded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('photos_album_created_idx')
        .on('photos')
        .columns(['album_id', 'created_at', 'id'])
        .execute();

      await db.schema
        .createTable('likes')
        .addColumn('id', idType, (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('target_type', 'text', (c) => c.notNull().check(targetCheck))
        .addColumn('target_id', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('created_at', 'text', (c) => c.notNull())
        // One like per person and target; also the index that counts a target's likes.
        .addUniqueConstraint('likes_target_user_unique', ['target_type', 'target_id', 'user_id'])
        .execute();
      await db.schema.createIndex('likes_user_idx').on('likes').column('user_id').execute();

      await db.schema
        .createTable('comments')
        .addColumn('id', idType, (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('target_type', 'text', (c) => c.notNull().check(targetCheck))
        .addColumn('target_id', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('comment_text', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('comments_target_created_idx')
        .on('comments')
        .columns(['target_type', 'target_id', 'created_at'])
        .execute();
      await db.schema.createIndex('comments_user_idx').on('comments').column('user_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('comments').execute();
      await db.schema.dropTable('likes').execute();
      await db.schema.dropTable('photos').execute();
      await db.schema.dropTable('albums').execute();
    },
  };
}
