import type { Kysely } from 'kysely';
import type { MigrationContext } from './migration-context.js';

/** Nonces issued for external sign-in: stored hashed, single use, short-lived. */
export function oidc({ dialect }: MigrationContext) {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('oidc_nonces')
        .addColumn('id', idType, (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('nonce_hash', 'text', (c) => c.notNull().unique())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('oidc_nonces_expires_idx')
        .on('oidc_nonces')
        .column('expires_at')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('oidc_nonces').execute();
    },
  };
}
