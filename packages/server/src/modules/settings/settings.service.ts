import {
  type ConsentPreviewAlbum,
  type ConsentPreviewTotals,
  type GroupSettings,
  type GroupSettingsPatch,
  IMAGE_SETTINGS_MESSAGES,
  SERVER_SUCCESS,
} from '@fogata/shared';
import { mustBlur } from '../../access/face-visibility.js';
import { consentingChildIds } from '../../access/image-consent.js';
import type { AppContext } from '../../context.js';
import {
  GROUP_SETTING_KEYS,
  readGroupSettings,
  writeGroupSetting,
} from '../../db/group-settings.js';
import { AppError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/tokens.js';
import { enforcementChanged } from '../../media/renditions/face-changes.js';
import { recordAudit } from '../audit/audit.js';
import type { UserRow } from '../users/users.repository.js';
import { type FaceCountRow, SettingsRepository } from './settings.repository.js';

/** The faces of `rows` the rule would blur with image consent applied, per album. */
async function blurredCounts(
  ctx: AppContext,
  rows: FaceCountRow[],
  purpose: 'gallery' | 'web',
): Promise<Map<number, { faces: number; blurred: number; pending: number }>> {
  const childIds = rows.flatMap((row) => (row.child_id === null ? [] : [row.child_id]));
  const shown = await consentingChildIds(ctx.db.kysely, purpose, childIds);
  const counts = new Map<number, { faces: number; blurred: number; pending: number }>();
  for (const row of rows) {
    const n = Number(row.n);
    const album = counts.get(row.album_id) ?? { faces: 0, blurred: 0, pending: 0 };
    album.faces += n;
    if (row.status === 'pending') album.pending += n;
    // The rule as a member with no children meets it, enforcement on (decision 088).
    const face = {
      status: row.status,
      child_id: row.child_id,
      blur_requested_at: Number(row.requested) === 1 ? 'requested' : null,
    };
    if (mustBlur(face, true, shown)) album.blurred += n;
    counts.set(row.album_id, album);
  }
  return counts;
}

/** The group's settings (admin), each change audited, and the preview of enforcing consent. */
export class SettingsService {
  constructor(private readonly ctx: AppContext) {}

  get(): Promise<GroupSettings> {
    return readGroupSettings(this.ctx.db.kysely);
  }

  /**
   * Changes the settings given, each change an audit entry ('settings.changed', from and to) in
   * the same transaction. Switching image consent re-renders every copy with faces afterwards.
   */
  async update(
    user: UserRow,
    patch: GroupSettingsPatch,
  ): Promise<{ message: string; settings: GroupSettings }> {
    if (GROUP_SETTING_KEYS.every((key) => patch[key] === undefined)) {
      throw new AppError(400, IMAGE_SETTINGS_MESSAGES.settingsEmpty);
    }
    // An image not searched yet has no face to blur: image consent applied before the scan of a
    // group's older photos ends would show their faces as they are. Wait for it (decision 088).
    if (patch.image_consent_enforced === true) {
      const before = await readGroupSettings(this.ctx.db.kysely);
      const waiting = await new SettingsRepository(this.ctx.db.kysely).imagesToScan();
      if (!before.image_consent_enforced && waiting > 0) {
        throw new AppError(409, IMAGE_SETTINGS_MESSAGES.scanUnfinished(waiting));
      }
    }
    const now = nowIso();
    const changed = await this.ctx.db.kysely.transaction().execute(async (trx) => {
      const keys: string[] = [];
      for (const key of GROUP_SETTING_KEYS) {
        const value = patch[key];
        if (value === undefined) continue;
        if (!(await writeGroupSetting(trx, key, value, user.id, now))) continue;
        keys.push(key);
        await recordAudit(trx, {
          actor: user,
          action: 'settings.changed',
          target: { type: 'settings', id: null, label: key },
          details: { setting: key, from: value ? 'off' : 'on', to: value ? 'on' : 'off' },
        });
      }
      return keys;
    });
    if (changed.includes('image_consent_enforced')) await enforcementChanged(this.ctx);
    return { message: SERVER_SUCCESS.settingsSaved, settings: await this.get() };
  }

  /** The preview's totals: every album's photos and the public images, in a few queries. */
  async previewTotals(): Promise<ConsentPreviewTotals> {
    const repo = new SettingsRepository(this.ctx.db.kysely);
    const [photoRows, publicRows, albums] = await Promise.all([
      repo.photoFaceCounts(null),
      repo.publicFaceCounts(),
      repo.albumCount(),
    ]);
    const perAlbum = await blurredCounts(this.ctx, photoRows, 'gallery');
    const pub = (await blurredCounts(this.ctx, publicRows, 'web')).get(0);
    let faces = 0;
    let blurred = 0;
    let pending = 0;
    let withBlur = 0;
    for (const album of perAlbum.values()) {
      faces += album.faces;
      blurred += album.blurred;
      pending += album.pending;
      if (album.blurred > 0) withBlur += 1;
    }
    return {
      albums,
      albums_with_blur: withBlur,
      faces,
      blurred,
      pending,
      public_faces: pub?.faces ?? 0,
      public_blurred: pub?.blurred ?? 0,
    };
  }

  /** A page of albums with their faces and those that would be blurred; and the total. */
  async previewAlbums(
    page: number,
    limit: number,
  ): Promise<{ albums: ConsentPreviewAlbum[]; total: number }> {
    const repo = new SettingsRepository(this.ctx.db.kysely);
    const { rows, total } = await repo.albumsPage(page, limit);
    const counts = await blurredCounts(
      this.ctx,
      await repo.photoFaceCounts(rows.map((row) => row.id)),
      'gallery',
    );
    return {
      albums: rows.map((row) => ({
        id: row.id,
        title: row.title,
        photos: Number(row.photos),
        faces: counts.get(row.id)?.faces ?? 0,
        blurred: counts.get(row.id)?.blurred ?? 0,
      })),
      total,
    };
  }
}
