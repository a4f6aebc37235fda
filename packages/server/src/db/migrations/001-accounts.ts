import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './migration-context.js';

/** Users, invitations and password resets. */
export function accounts({ dialect }: MigrationContext) {
  // The only dialect difference: how an auto-incrementing integer key is spelt.
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('id', idType, (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text')
        .addColumn('role', 'text', (c) =>
          c.notNull().check(sql`role in ('admin', 'scouter', 'usuario')`),
        )
        .addColumn('avatar_key', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('password_changed_at', 'text')
        .execute();
      await db.schema.createIndex('users_role_idx').on('users').column('role').execute();

      await db.schema
        .createTable('invitations')
        .addColumn('id', idType, (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) =>
          c.notNull().check(sql`role in ('admin', 'scouter', 'usuario')`),
        )
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('accepted_at', 'text')
        .execute();
      await db.schema
        .createIndex('invitations_email_idx')
        .on('invitations')
        .column('email')
        .execute();

      await db.schema
        .createTable('password_resets')
        .addColumn('id', idType, (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
      await db.schema
        .createIndex('password_resets_user_idx')
        .on('password_resets')
        .column('user_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('password_resets').execute();
      await db.schema.dropTable('invitations').execute();
      await db.schema.dropTable('users').execute();
    },
  };
}
