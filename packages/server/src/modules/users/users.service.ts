import {
  ADMIN_PAGE_SIZE,
  type AdminUser,
  type AdminUsersQuery,
  type Role,
  SERVER_ERRORS,
  SERVER_SUCCESS,
  type SectionRef,
  type User,
} from '@fogata/shared';
import { guardedChildIds } from '../../access/access.js';
import type { AppContext } from '../../context.js';
import type { Dialect } from '../../db/migrations/index.js';
import { AppError } from '../../lib/app-error.js';
import { deleteMedia, markForDeletion } from '../../media/media-files.js';
import { mediaUrlOf } from '../../media/media-urls.js';
import { childrenChanged } from '../../media/renditions/face-changes.js';
import { recordAudit } from '../audit/audit.js';
import { type UserRow, UsersRepository } from './users.repository.js';

/**
 * Reads the target with the admins locked (see `lockAdmins`), and checks that removing it from
 * the admins (by a role change or a delete) leaves one, and that `actor` is still an admin: two
 * admins acting on each other at the same instant are decided one after the other, and the group
 * never ends up without an admin.
 */
async function lockTarget(
  users: UsersRepository,
  dialect: Dialect,
  actor: UserRow,
  id: number,
  removesAdmin: boolean,
): Promise<UserRow> {
  const admins = await users.lockAdmins(dialect);
  const target = await users.findById(id);
  if (!target) throw new AppError(404, SERVER_ERRORS.userNotFound);
  if (removesAdmin && admins.has(target.id) && admins.size <= 1) {
    throw new AppError(409, SERVER_ERRORS.lastAdmin);
  }
  // Demoted (or deleted) by another admin since this request was let in.
  if (!admins.has(actor.id)) throw new AppError(403, SERVER_ERRORS.adminOnly);
  return target;
}

/** The API shape of a user: never the password hash, the avatar as a public URL. */
export function toUser(row: UserRow, signer: AppContext['mediaUrls']): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    avatar_url: mediaUrlOf(signer, row.avatar_key),
    created_at: row.created_at,
  };
}

/** The admin's user management: list, change role, delete — never one's own row or the last admin. */
export class UsersService {
  constructor(private readonly ctx: AppContext) {}

  /**
   * The users that match `query`, newest first, each with their children count and sections: a
   * page when `page` or `limit` is given, else all of them. Four queries at most, whatever the page.
   */
  async list(query: AdminUsersQuery = {}): Promise<{ items: AdminUser[]; total: number }> {
    const users = new UsersRepository(this.ctx.db);
    const { page, limit, ...filters } = query;
    const paged = page !== undefined || limit !== undefined;
    const size = limit ?? ADMIN_PAGE_SIZE;
    const { rows, total } = await users.search(
      filters,
      paged ? { limit: size, offset: ((page ?? 1) - 1) * size } : null,
    );
    const family = await users.familyOf(rows.map((r) => r.id));
    const counts = new Map(family.counts.map((c) => [c.user_id, Number(c.n)]));
    const sections = new Map<number, SectionRef[]>();
    for (const { user_id, ...section } of family.sections) {
      sections.set(user_id, [...(sections.get(user_id) ?? []), section]);
    }
    return {
      items: rows.map((row) => ({
        ...toUser(row, this.ctx.mediaUrls),
        children_count: counts.get(row.id) ?? 0,
        sections: sections.get(row.id) ?? [],
      })),
      total,
    };
  }

  async changeRole(actor: UserRow, id: number, role: Role): Promise<User> {
    if (actor.id === id) throw new AppError(403, SERVER_ERRORS.cannotChangeSelf);
    const { db } = this.ctx;
    const updated = await db.kysely.transaction().execute(async (trx) => {
      const users = new UsersRepository(trx);
      const target = await lockTarget(users, db.dialect, actor, id, role !== 'admin');
      const row = await users.update(id, { role });
      if (row && target.role !== role) {
        await recordAudit(trx, {
          actor,
          action: 'user.role_changed',
          target: { type: 'user', id, label: target.name },
          details: { email: target.email, from: target.role, to: role },
        });
      }
      return row;
    });
    if (!updated) throw new AppError(404, SERVER_ERRORS.userNotFound);
    return toUser(updated, this.ctx.mediaUrls);
  }

  async delete(actor: UserRow, id: number): Promise<{ message: string }> {
    if (actor.id === id) throw new AppError(403, SERVER_ERRORS.cannotDeleteSelf);
    const { db } = this.ctx;
    const deleted = await db.kysely.transaction().execute(async (trx) => {
      const users = new UsersRepository(trx);
      const target = await lockTarget(users, db.dialect, actor, id, true);
      // Their children's copies of their own go with them, after the commit (decisions 080, 100).
      const children = await guardedChildIds(trx, id);
      // The avatar of the row deleted (a change of it since the read above included), journaled
      // with the delete: a crash before the file goes leaves it to reconciliation.
      const removed = await users.remove(id);
      const avatarKey = removed ? removed.avatar_key : target.avatar_key;
      await markForDeletion(this.ctx, [avatarKey], trx);
      await recordAudit(trx, {
        actor,
        action: 'user.deleted',
        target: { type: 'user', id, label: target.name },
        details: { email: target.email, role: target.role },
      });
      return { ...target, avatar_key: avatarKey, children };
    });
    // The file goes after the row: a failure here leaves it journaled, never a broken avatar.
    await deleteMedia(this.ctx, [deleted.avatar_key]);
    await childrenChanged(this.ctx, [...deleted.children]);
    return { message: SERVER_SUCCESS.userDeleted(deleted.name) };
  }
}
