import {
  ACCOUNT_DELETION_EXTERNAL_MAX_AGE_S,
  type DeleteAccountBody,
  MY_DATA_MESSAGES,
  type MyDataExport,
  SERVER_ERRORS,
} from '@fogata/shared';
import { decodeJwt } from 'jose';
import { Access, guardedChildIds } from '../../access/access.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { verifyPassword } from '../../lib/passwords.js';
import { nowIso } from '../../lib/tokens.js';
import { deleteMedia, markForDeletion } from '../../media/media-files.js';
import { mediaUrlOf } from '../../media/media-urls.js';
import { childrenChanged } from '../../media/renditions/face-changes.js';
import { recordAudit } from '../audit/audit.js';
import { GoogleAuthService } from '../auth/google.service.js';
import { AuthorizationsService } from '../authorizations/authorizations.service.js';
import { healthExport } from '../health/health.service.js';
import { type UserRow, UsersRepository } from '../users/users.repository.js';
import { MyDataRepository } from './my-data.repository.js';

/** A sign-up's stored answers (a JSON object), or none when unreadable. */
function parseAnswers(json: string): Record<string, string | boolean> {
  try {
    const value: unknown = JSON.parse(json);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value).filter(
        (entry): entry is [string, string | boolean] =>
          typeof entry[1] === 'string' || typeof entry[1] === 'boolean',
      ),
    );
  } catch {
    return {};
  }
}

/** Clocks differ a little between the provider and us (as in lib/oidc.ts). */
const CLOCK_TOLERANCE_S = 30;

/**
 * A member's own data (decision 023): the export as one JSON document, built with a fixed number
 * of queries whatever the member did; and deleting one's own account.
 */
export class MyDataService {
  constructor(private readonly ctx: AppContext) {}

  async export(user: UserRow): Promise<MyDataExport> {
    // One query for likes and one for comments: the target's title comes by joins. A photo's
    // album title is given only where the member may see the photo now (decisions 018 and 054):
    // a draft, a hidden photo or another section's album does not leak its title through the
    // export. Whether they see them is one more query for all the photos at once.
    const repo = new MyDataRepository(this.ctx.db);
    const [likes, comments, requests, received, sent] = await repo.exportRows(user);
    const family = await repo.childrenRows(user.id);
    const signatures = await new AuthorizationsService(this.ctx).ownSignatures(user.id);
    // Their children's fichas sanitarias and who read them (two queries).
    const health = await healthExport(
      this.ctx,
      family.children.map((c) => c.id),
    );
    const photoIds = [...likes, ...comments].flatMap((r) =>
      r.target_type === 'photo' ? [r.target_id] : [],
    );
    const visible = await new Access(this.ctx).check(user, 'photo.see', photoIds);
    const titleOf = (r: {
      target_type: 'photo' | 'news' | 'experience';
      target_id: number;
      album_id: number | null;
      album_title: string | null;
      news_title: string | null;
      experience_title: string | null;
    }) => {
      if (r.target_type === 'news') return { target_title: r.news_title, album_id: null };
      if (r.target_type === 'experience') {
        return { target_title: r.experience_title, album_id: null };
      }
      return visible.has(r.target_id)
        ? { target_title: r.album_title, album_id: r.album_id }
        : { target_title: null, album_id: null };
    };

    const now = nowIso();
    const roleOf = (details: string | null): string | null => {
      try {
        const role = details ? (JSON.parse(details) as { role?: unknown }).role : null;
        return typeof role === 'string' ? role : null;
      } catch {
        return null;
      }
    };

    return {
      exported_at: now,
      group: this.ctx.config.group.name,
      account: {
        id: user.id,
        name: user.name,
        email: user.email,
        role: user.role,
        avatar_url: mediaUrlOf(this.ctx.mediaUrls, user.avatar_key),
        created_at: user.created_at,
        password_changed_at: user.password_changed_at,
        sign_in: user.password_hash ? 'password' : 'external',
      },
      likes: likes.map((r) => ({
        target_type: r.target_type,
        target_id: r.target_id,
        ...titleOf(r),
        created_at: r.created_at,
      })),
      comments: comments.map((r) => ({
        id: r.id,
        target_type: r.target_type,
        target_id: r.target_id,
        ...titleOf(r),
        comment_text: r.comment_text,
        created_at: r.created_at,
        updated_at: r.updated_at,
      })),
      removal_requests: requests,
      children: family.children.map((c) => ({
        id: c.id,
        full_name: c.full_name,
        birth_date: c.birth_date,
        active: c.active === 1,
        section: { id: c.section_id, name: c.section_name },
        guardian_since: c.guardian_since,
        section_history: family.history
          .filter((h) => h.child_id === c.id)
          .map(({ section, started_at, ended_at }) => ({ section, started_at, ended_at })),
        consents: family.consents
          .filter((r) => r.child_id === c.id)
          .map((r) => ({
            purpose: r.purpose,
            granted: r.granted === 1,
            given_by: r.given_by,
            note: r.note,
            text_version: r.text_version,
            created_at: r.created_at,
          })),
        activities: family.signups
          .filter((r) => r.child_id === c.id)
          .map((r) => ({
            activity_id: r.activity_id,
            activity_title: r.activity_title,
            signup: r.status,
            answers: parseAnswers(r.answers),
            updated_at: r.updated_at,
          })),
        health: health.get(c.id) ?? { record: null, reads: [] },
      })),
      authorizations: signatures,
      invitations: {
        received: received ?? null,
        sent: sent.map((r) => ({
          id: r.target_id,
          email: r.target_label ?? '',
          role: roleOf(r.details),
          sent_at: r.created_at,
          status:
            r.invitation_id === null
              ? 'removed'
              : r.accepted_at !== null
                ? 'accepted'
                : r.expires_at !== null && r.expires_at <= now
                  ? 'expired'
                  : 'pending',
        })),
      },
    };
  }

  /**
   * Deletes the member's own account once they confirmed it: with their password, or with an
   * ID token of an external sign-in made in the last minutes for the same address. The last
   * admin cannot leave: the admins are locked as the admin panel's delete locks them, so two
   * last admins leaving at once are decided one after the other.
   */
  async deleteAccount(user: UserRow, body: DeleteAccountBody): Promise<{ message: string }> {
    if (body.idToken !== undefined) await this.confirmExternal(user, body.idToken);
    else await this.confirmPassword(user, body.password);

    const { db } = this.ctx;
    const deleted = await db.kysely.transaction().execute(async (trx) => {
      const users = new UsersRepository(trx);
      const admins = await users.lockAdmins(db.dialect);
      const current = await users.findById(user.id);
      // Gone meanwhile, or the password changed since it was checked: the session is over.
      if (!current || current.password_hash !== user.password_hash) {
        throw new AppError(401, SERVER_ERRORS.invalidToken);
      }
      if (admins.has(current.id) && admins.size <= 1) {
        throw new AppError(409, MY_DATA_MESSAGES.lastAdmin);
      }
      await new MyDataRepository(trx).eraseTraces(current);
      // Their children's copies of their own go with them, after the commit (decisions 080, 100).
      const children = await guardedChildIds(trx, current.id);
      // Albums, photos, news, experiences they made, and their removal requests, stay: the
      // foreign keys set their reference to null.
      const removed = await users.remove(current.id);
      // The avatar of the row deleted, not of the one read above: another tab may have changed
      // it in between (only SQLite runs the two one after the other).
      const avatarKey = removed ? removed.avatar_key : current.avatar_key;
      await markForDeletion(this.ctx, [avatarKey], trx);
      await recordAudit(trx, {
        actor: current,
        action: 'user.deleted',
        target: { type: 'user', id: current.id, label: current.name },
        details: { email: current.email, role: current.role, by: 'self' },
      });
      return { ...current, avatar_key: avatarKey, children };
    });
    await deleteMedia(this.ctx, [deleted.avatar_key]);
    await childrenChanged(this.ctx, [...deleted.children]);
    return { message: MY_DATA_MESSAGES.accountDeleted };
  }

  private async confirmPassword(user: UserRow, password: string | undefined): Promise<void> {
    if (!password) {
      throw new AppError(400, MY_DATA_MESSAGES.passwordRequired, [
        { field: 'password', message: MY_DATA_MESSAGES.passwordRequired },
      ]);
    }
    if (!user.password_hash) {
      throw new AppError(400, MY_DATA_MESSAGES.noPassword, [
        { field: 'password', message: MY_DATA_MESSAGES.noPassword },
      ]);
    }
    if (!(await verifyPassword(password, user.password_hash))) {
      throw new AppError(400, MY_DATA_MESSAGES.wrongPassword, [
        { field: 'password', message: MY_DATA_MESSAGES.wrongPassword },
      ]);
    }
  }

  private async confirmExternal(user: UserRow, idToken: string): Promise<void> {
    // Signature, issuer, audience, expiry, verified e-mail, and a nonce we issued, consumed.
    // Its refusals are 401s at sign-in; here the session itself is fine, so they are 400s (a
    // 401 would sign the member out of the page).
    const identity = await new GoogleAuthService(this.ctx).verify(idToken).catch((err: unknown) => {
      if (err instanceof AppError && err.statusCode === 401) {
        throw new AppError(400, err.message);
      }
      throw err;
    });
    const { iat } = decodeJwt(idToken);
    const nowS = Date.now() / 1000;
    if (typeof iat !== 'number' || iat < nowS - ACCOUNT_DELETION_EXTERNAL_MAX_AGE_S) {
      throw new AppError(400, MY_DATA_MESSAGES.externalStale);
    }
    if (iat > nowS + CLOCK_TOLERANCE_S) throw new AppError(400, MY_DATA_MESSAGES.externalStale);
    if (identity.email !== user.email.toLowerCase()) {
      throw new AppError(403, MY_DATA_MESSAGES.externalOtherAccount);
    }
  }
}
