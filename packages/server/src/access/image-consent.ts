import { type ConsentGiver, type ConsentPurpose, OWN_CONSENT_AGE } from '@fogata/shared';
import type { Executor } from '../db/database.js';
import { AccessRepository, type LatestConsent } from './access.repository.js';

/*
 * Whose image may be shown where (decision 061). A child's consent for a purpose is the
 * latest record of it: granted or refused, by a guardian in the app or a manager from a signed
 * paper form. From their 14th birthday (LOPDGDD art. 7) only the young person's own consent
 * counts, recorded by a manager; what their family said before no longer does. No record: no
 * consent. A record answers the text version it was given against, and keeps counting when the
 * admin writes a new one (the families are asked again; nothing changes until they answer).
 */

/** Today's date as `YYYY-MM-DD` (UTC), what birthdays compare with. */
export function todayIso(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Whether a child born on `birthDate` (`YYYY-MM-DD`) has turned 14 by `today`. */
export function ownConsentCounts(birthDate: string, today = todayIso()): boolean {
  const year = Number(birthDate.slice(0, 4)) + OWN_CONSENT_AGE;
  return `${String(year).padStart(4, '0')}${birthDate.slice(4)}` <= today;
}

/** The consent that counts for one child and purpose, or null when there is none on record. */
export interface EffectiveConsent {
  granted: boolean;
  givenBy: ConsentGiver;
  textVersion: number;
  at: string;
}

/** Each child's effective consent per purpose; a purpose absent from the map has no record. */
export type ConsentsByChild = Map<number, Map<ConsentPurpose, EffectiveConsent>>;

/** The consent that counts for each of `childIds` and each purpose, in two queries. */
export async function effectiveConsents(
  db: Executor,
  childIds: readonly number[],
  today = todayIso(),
): Promise<ConsentsByChild> {
  const repo = new AccessRepository(db);
  const [rows, births] = await Promise.all([
    repo.latestConsents(childIds),
    repo.birthDates(childIds),
  ]);
  const result: ConsentsByChild = new Map();
  for (const row of rows) {
    const birth = births.get(row.child_id);
    if (birth === undefined) continue;
    const own = ownConsentCounts(birth, today);
    if ((row.given_by === 'own') !== own) continue;
    let byPurpose = result.get(row.child_id);
    if (!byPurpose) {
      byPurpose = new Map();
      result.set(row.child_id, byPurpose);
    }
    byPurpose.set(row.purpose, toEffective(row));
  }
  return result;
}

function toEffective(row: LatestConsent): EffectiveConsent {
  return {
    granted: row.granted === 1,
    givenBy: row.given_by,
    textVersion: row.text_version,
    at: row.created_at,
  };
}

/** Which of `childIds` may be shown for `purpose` today: their effective consent grants it. */
export async function consentingChildIds(
  db: Executor,
  purpose: ConsentPurpose,
  childIds: readonly number[],
  today = todayIso(),
): Promise<Set<number>> {
  const consents = await effectiveConsents(db, childIds, today);
  const ids = new Set<number>();
  for (const [childId, byPurpose] of consents) {
    if (byPurpose.get(purpose)?.granted) ids.add(childId);
  }
  return ids;
}
