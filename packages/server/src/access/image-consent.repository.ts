import type { ConsentGiver, ConsentPurpose } from '@fogata/shared';
import { sql } from 'kysely';
import type { Executor } from '../db/database.js';

/** A child's latest consent for a purpose, from one kind of giver (the family's or their own). */
export interface LatestConsent {
  child_id: number;
  purpose: ConsentPurpose;
  granted: number;
  given_by: ConsentGiver;
  text_version: number;
  created_at: string;
}

/** The SQL of the consent rule (decision 061); `image-consent.ts` says what it means. */
export class ImageConsentRepository {
  constructor(private readonly db: Executor) {}

  /**
   * For each of `childIds` and each purpose: the latest row a family gave (a guardian in the app
   * or a paper form) and the latest the young person gave, in one query.
   */
  async latest(childIds: readonly number[]): Promise<LatestConsent[]> {
    if (childIds.length === 0) return [];
    const ids = [...new Set(childIds)];
    return this.db
      .selectFrom('child_consents')
      .select(['child_id', 'purpose', 'granted', 'given_by', 'text_version', 'created_at'])
      .where(({ eb, selectFrom }) =>
        eb(
          'id',
          'in',
          selectFrom('child_consents as c')
            .select(({ fn }) => fn.max('c.id').as('id'))
            .where('c.child_id', 'in', ids)
            .groupBy([
              'c.child_id',
              'c.purpose',
              sql`case when c.given_by = 'own' then 1 else 0 end`,
            ]),
        ),
      )
      .execute();
  }

  /** The birth dates of `childIds`. */
  async birthDates(childIds: readonly number[]): Promise<Map<number, string>> {
    if (childIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('children')
      .select(['id', 'birth_date'])
      .where('id', 'in', [...new Set(childIds)])
      .execute();
    return new Map(rows.map((row) => [row.id, row.birth_date]));
  }
}
