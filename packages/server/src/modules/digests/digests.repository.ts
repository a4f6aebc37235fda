import type { DigestFrequency, Role } from '@fogata/shared';
import { albumNewlyShownTo, albumPublishedAt } from '../../access/access.repository.js';
import type { Viewer } from '../../access/viewer.js';
import { type Db, type Executor, executorOf } from '../../db/database.js';

/** Items of one kind in a digest: the newest first, at most `limit`, and how many in all. */
export interface DigestSection {
  /** `cover_key`: an album's cover (the clean display copy), shown in the mail (decision 087). */
  items: { id: number; title: string; cover_key?: string | null }[];
  total: number;
}

export interface DigestContent {
  albums: DigestSection;
  news: DigestSection;
  experiences: DigestSection;
}

export interface DigestCandidate {
  id: number;
  name: string;
  email: string;
  role: Role;
  created_at: string;
  digest: DigestFrequency;
  digest_last_sent_at: string | null;
}

/** SQL of the digest: who may get one, what is new, and the claim (decision 022). */
export class DigestsRepository {
  private readonly db: Executor;

  constructor(db: Db | Executor) {
    this.db = executorOf(db);
  }

  /** Members who want a digest at all. */
  candidates(): Promise<DigestCandidate[]> {
    return this.db
      .selectFrom('users')
      .select(['id', 'name', 'email', 'role', 'created_at', 'digest', 'digest_last_sent_at'])
      .where('digest', '!=', 'never')
      .orderBy('id')
      .execute();
  }

  /**
   * What became visible to `recipient` in (`since`, `until`]: albums published then whose
   * audience includes them (never a draft; an album published and then unpublished again is a
   * draft and so not listed; another section's album is not theirs), news items and experiences
   * created then.
   */
  async newContent(
    recipient: Viewer,
    since: string,
    until: string,
    limit: number,
  ): Promise<DigestContent> {
    const albums = this.db.selectFrom('albums').where(albumNewlyShownTo(recipient, since, until));
    const news = this.db
      .selectFrom('news')
      .where('created_at', '>', since)
      .where('created_at', '<=', until);
    const experiences = this.db
      .selectFrom('experiences')
      .where('created_at', '>', since)
      .where('created_at', '<=', until);
    const [albumItems, albumCount, newsItems, newsCount, expItems, expCount] = await Promise.all([
      albums
        .select(['albums.id', 'albums.title', 'albums.cover_key'])
        .orderBy(albumPublishedAt, 'desc')
        .orderBy('albums.id', 'desc')
        .limit(limit)
        .execute(),
      albums.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
      news
        .select(['id', 'title'])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),
      news.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
      experiences
        .select(['id', 'title'])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),
      experiences
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return {
      albums: { items: albumItems, total: Number(albumCount.n) },
      news: { items: newsItems, total: Number(newsCount.n) },
      experiences: { items: expItems, total: Number(expCount.n) },
    };
  }

  /**
   * Claims the member's digest: sets `digest_last_sent_at` to `now` only if it still holds the
   * value this instance read (`previous`) and the member still wants digests. Run in the
   * transaction that enqueues the mail: of instances racing for one member exactly one gets true
   * (PostgreSQL re-checks the condition after the other's commit; SQLite writes one at a time).
   */
  async claim(userId: number, previous: string | null, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({ digest_last_sent_at: now })
      .where('id', '=', userId)
      .where('digest', '!=', 'never')
      .where((eb) =>
        previous === null
          ? eb('digest_last_sent_at', 'is', null)
          : eb('digest_last_sent_at', '=', previous),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  findUser(id: number) {
    return this.db
      .selectFrom('users')
      .select(['id', 'created_at', 'digest'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async unsubscribe(id: number): Promise<void> {
    await this.db.updateTable('users').set({ digest: 'never' }).where('id', '=', id).execute();
  }
}
