import type { Role } from '@fogata/shared';
import type { Generated } from 'kysely';

/**
 * Tables as Kysely sees them. Timestamps are ISO 8601 strings (UTC, `toISOString()`) in text
 * columns on both databases: they compare correctly as text and need no conversion on read.
 */
export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string;
  password_hash: string | null;
  role: Role;
  avatar_key: string | null;
  created_at: string;
  /** When the password was last reset: sessions issued before then no longer count. */
  password_changed_at: string | null;
}

export interface InvitationsTable {
  id: Generated<number>;
  email: string;
  role: Role;
  token_hash: string;
  expires_at: string;
  created_at: string;
  accepted_at: string | null;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: string;
  created_at: string;
  used_at: string | null;
}

export interface Database {
  users: UsersTable;
  invitations: InvitationsTable;
  password_resets: PasswordResetsTable;
}
