import type { GroupSettings } from '@fogata/shared';
import type { Executor } from './database.js';

/*
 * The group's settings (migration 014): one row per key, '1' or '0'. Read where a rule depends on
 * them (the access pair, publishing an album); written by an admin through the settings module.
 */

/** The keys of `GroupSettings`, as stored. */
export const GROUP_SETTING_KEYS = ['image_consent_enforced', 'publish_only_reviewed'] as const;
export type GroupSettingKey = (typeof GROUP_SETTING_KEYS)[number];

/** Every setting; a key with no row reads as a new installation has it. */
export async function readGroupSettings(db: Executor): Promise<GroupSettings> {
  const rows = await db.selectFrom('group_settings').select(['key', 'value']).execute();
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  return {
    image_consent_enforced: stored.get('image_consent_enforced') !== '0',
    publish_only_reviewed: stored.get('publish_only_reviewed') === '1',
  };
}

/** Sets one setting; answers whether its value changed. */
export async function writeGroupSetting(
  db: Executor,
  key: GroupSettingKey,
  value: boolean,
  actorId: number | null,
  now: string,
): Promise<boolean> {
  const stored = value ? '1' : '0';
  const before = await db
    .selectFrom('group_settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  if (before?.value === stored) return false;
  if (before) {
    await db
      .updateTable('group_settings')
      .set({ value: stored, updated_by: actorId, updated_at: now })
      .where('key', '=', key)
      .execute();
  } else {
    await db
      .insertInto('group_settings')
      .values({ key, value: stored, updated_by: actorId, updated_at: now })
      .execute();
  }
  return true;
}
