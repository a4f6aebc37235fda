import { MSG, SERVER_ERRORS, SERVER_SUCCESS, type User } from '@fogata/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { toAvatar } from '../../lib/media.js';
import { newMediaKey } from '../../storage/storage.js';
import { toUser, type UserRow, UsersRepository } from '../users/users.repository.js';

export interface ProfileChanges {
  name?: string;
  avatar?: Buffer;
}

/** One's own profile: name and avatar. */
export class ProfileService {
  constructor(private readonly ctx: AppContext) {}

  me(user: UserRow): User {
    return toUser(user, this.ctx.storage);
  }

  async update(user: UserRow, changes: ProfileChanges): Promise<{ message: string; user: User }> {
    if (changes.name === undefined && changes.avatar === undefined) {
      throw new AppError(400, MSG.profileNoChanges);
    }
    let avatarKey: string | undefined;
    if (changes.avatar) {
      const webp = await toAvatar(changes.avatar);
      avatarKey = newMediaKey('avatars', 'webp');
      await this.ctx.storage.save(avatarKey, webp, 'image/webp');
    }
    let updated: UserRow | undefined;
    try {
      updated = await new UsersRepository(this.ctx.db).update(user.id, {
        ...(changes.name !== undefined && { name: changes.name }),
        ...(avatarKey && { avatar_key: avatarKey }),
      });
    } catch (err) {
      // A failed update leaves no orphan file behind.
      if (avatarKey) await this.ctx.storage.delete(avatarKey);
      throw err;
    }
    if (!updated) throw new AppError(404, SERVER_ERRORS.userNotFound);
    if (avatarKey && user.avatar_key) await this.ctx.storage.delete(user.avatar_key);
    return { message: SERVER_SUCCESS.profileUpdated, user: toUser(updated, this.ctx.storage) };
  }
}
