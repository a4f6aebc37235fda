import { type Role, SERVER_ERRORS, SERVER_SUCCESS, type User } from '@fogata/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { toUser, type UserRow, UsersRepository } from './users.repository.js';

/** The admin's user management: list, change role, delete — never one's own row or the last admin. */
export class UsersService {
  constructor(private readonly ctx: AppContext) {}

  async list(): Promise<User[]> {
    const rows = await new UsersRepository(this.ctx.db).list();
    return rows.map((row) => toUser(row, this.ctx.storage));
  }

  async changeRole(actor: UserRow, id: number, role: Role): Promise<User> {
    if (actor.id === id) throw new AppError(403, SERVER_ERRORS.cannotChangeSelf);
    const updated = await this.ctx.db.kysely.transaction().execute(async (trx) => {
      const users = new UsersRepository(trx);
      const target = await users.findById(id);
      if (!target) throw new AppError(404, SERVER_ERRORS.userNotFound);
      if (target.role === 'admin' && role !== 'admin' && (await users.countByRole('admin')) <= 1) {
        throw new AppError(409, SERVER_ERRORS.lastAdmin);
      }
      return users.update(id, { role });
    });
    if (!updated) throw new AppError(404, SERVER_ERRORS.userNotFound);
    return toUser(updated, this.ctx.storage);
  }

  async delete(actor: UserRow, id: number): Promise<{ message: string }> {
    if (actor.id === id) throw new AppError(403, SERVER_ERRORS.cannotDeleteSelf);
    const deleted = await this.ctx.db.kysely.transaction().execute(async (trx) => {
      const users = new UsersRepository(trx);
      const target = await users.findById(id);
      if (!target) throw new AppError(404, SERVER_ERRORS.userNotFound);
      if (target.role === 'admin' && (await users.countByRole('admin')) <= 1) {
        throw new AppError(409, SERVER_ERRORS.lastAdmin);
      }
      await users.delete(id);
      return target;
    });
    // The file goes after the row: a failure here leaves an orphan file, never a broken avatar.
    if (deleted.avatar_key) await this.ctx.storage.delete(deleted.avatar_key);
    return { message: SERVER_SUCCESS.userDeleted(deleted.name) };
  }
}
