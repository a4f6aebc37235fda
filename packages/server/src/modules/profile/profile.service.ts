import {
  type DigestFrequency,
  MSG,
  type Profile,
  SERVER_ERRORS,
  SERVER_SUCCESS,
} from '@fogata/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { toAvatar } from '../../media/image-pipeline.js';
import { deleteMedia, keepMedia, markForDeletion, saveMedia } from '../../media/media-files.js';
import { newMediaKey } from '../../media/storage/storage.js';
import type { UploadedFile } from '../../media/upload.js';
import { type UserRow, UsersRepository } from '../users/users.repository.js';
import { toUser } from '../users/users.service.js';

export interface ProfileChanges {
  name?: string;
  /** How often to get the e-mail digest (decision 022). */
  digest?: DigestFrequency;
  /** The avatar's temp file, when one came. */
  avatar?: UploadedFile;
}

/** The profile as its owner sees it: the user and their digest choice. */
function toProfile(row: UserRow, ctx: AppContext): Profile {
  return { ...toUser(row, ctx.mediaUrls), digest: row.digest };
}

/** One's own profile: name, avatar and how often the digest comes. */
export class ProfileService {
  constructor(private readonly ctx: AppContext) {}

  me(user: UserRow): Profile {
    return toProfile(user, this.ctx);
  }

  /**
   * Changes the name and/or the avatar. A new avatar is stored (journaled) before the row
   * changes, the old one journaled too and deleted after: a failure or a crash leaves no file that
   * no row points to.
   */
  async update(
    user: UserRow,
    changes: ProfileChanges,
  ): Promise<{ message: string; user: Profile }> {
    if (
      changes.name === undefined &&
      changes.avatar === undefined &&
      changes.digest === undefined
    ) {
      throw new AppError(400, MSG.profileNoChanges);
    }
    let avatarKey: string | undefined;
    if (changes.avatar) {
      if (changes.avatar.tooLarge) throw new AppError(413, MSG.imageTooLarge);
      const webp = await toAvatar(changes.avatar.path);
      avatarKey = newMediaKey('avatars', 'webp');
      await saveMedia(this.ctx, [{ key: avatarKey, data: webp, contentType: 'image/webp' }]);
    }
    let updated: UserRow | undefined;
    try {
      if (avatarKey) await markForDeletion(this.ctx, [user.avatar_key]);
      updated = await new UsersRepository(this.ctx.db).update(user.id, {
        ...(changes.name !== undefined && { name: changes.name }),
        ...(changes.digest !== undefined && { digest: changes.digest }),
        ...(avatarKey && { avatar_key: avatarKey }),
      });
    } catch (err) {
      // A failed update leaves no orphan file behind.
      await deleteMedia(this.ctx, [avatarKey]);
      throw err;
    }
    if (!updated) {
      await deleteMedia(this.ctx, [avatarKey]);
      throw new AppError(404, SERVER_ERRORS.userNotFound);
    }
    if (avatarKey) {
      await keepMedia(this.ctx, [avatarKey]);
      await deleteMedia(this.ctx, [user.avatar_key]);
    }
    return { message: SERVER_SUCCESS.profileUpdated, user: toProfile(updated, this.ctx) };
  }
}
