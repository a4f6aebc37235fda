import { type Db, type Executor, executorOf } from '../../db/database.js';

/** SQL of a member's own data (decision 023): the export's rows, and what deleting erases. */
export class MyDataRepository {
  private readonly db: Executor;

  constructor(db: Db | Executor) {
    this.db = executorOf(db);
  }

  /**
   * Five queries, however much the member did: likes and comments (each with its target's
   * title by joins), removal requests, the invitation they accepted, and the invitations they
   * sent (from the audit trail: invitations keep no sender).
   */
  exportRows(user: { id: number; email: string }) {
    const db = this.db;
    const targetColumns = [
      'x.target_type',
      'x.target_id',
      'a.id as album_id',
      'a.title as album_title',
      'n.title as news_title',
      'e.title as experience_title',
    ] as const;

    return Promise.all([
      db
        .selectFrom('likes as x')
        .leftJoin('photos as p', (j) =>
          j.onRef('p.id', '=', 'x.target_id').on('x.target_type', '=', 'photo'),
        )
        .leftJoin('albums as a', 'a.id', 'p.album_id')
        .leftJoin('news as n', (j) =>
          j.onRef('n.id', '=', 'x.target_id').on('x.target_type', '=', 'news'),
        )
        .leftJoin('experiences as e', (j) =>
          j.onRef('e.id', '=', 'x.target_id').on('x.target_type', '=', 'experience'),
        )
        .select([...targetColumns, 'x.created_at'])
        .where('x.user_id', '=', user.id)
        .orderBy('x.created_at')
        .orderBy('x.id')
        .execute(),
      db
        .selectFrom('comments as x')
        .leftJoin('photos as p', (j) =>
          j.onRef('p.id', '=', 'x.target_id').on('x.target_type', '=', 'photo'),
        )
        .leftJoin('albums as a', 'a.id', 'p.album_id')
        .leftJoin('news as n', (j) =>
          j.onRef('n.id', '=', 'x.target_id').on('x.target_type', '=', 'news'),
        )
        .leftJoin('experiences as e', (j) =>
          j.onRef('e.id', '=', 'x.target_id').on('x.target_type', '=', 'experience'),
        )
        .select([...targetColumns, 'x.id', 'x.comment_text', 'x.created_at', 'x.updated_at'])
        .where('x.user_id', '=', user.id)
        .orderBy('x.created_at')
        .orderBy('x.id')
        .execute(),
      db
        .selectFrom('photo_removal_requests')
        .select([
          'id',
          'photo_id',
          'album_id',
          'album_title',
          'reason',
          'status',
          'resolution_note',
          'created_at',
          'resolved_at',
        ])
        .where('requested_by', '=', user.id)
        .orderBy('created_at')
        .orderBy('id')
        .execute(),
      db
        .selectFrom('invitations')
        .select(['email', 'role', 'created_at', 'accepted_at'])
        .where('email', '=', user.email)
        .where('accepted_at', 'is not', null)
        .orderBy('accepted_at', 'desc')
        .limit(1)
        .executeTakeFirst(),
      // The invitations the member sent are the audit trail's (invitations keep no sender):
      // the address they entered is the entry's label; the invitation tells how it stands.
      db
        .selectFrom('audit_log as l')
        .leftJoin('invitations as i', 'i.id', 'l.target_id')
        .select([
          'l.target_id',
          'l.target_label',
          'l.details',
          'l.created_at',
          'i.id as invitation_id',
          'i.accepted_at',
          'i.expires_at',
        ])
        .where('l.actor_id', '=', user.id)
        .where('l.action', '=', 'invitation.sent')
        .where('l.target_type', '=', 'invitation')
        .orderBy('l.created_at')
        .orderBy('l.id')
        .execute(),
    ]);
  }

  /**
   * The children `userId` is the guardian of, with their current section, and their stays in
   * sections: two queries, however many children.
   */
  async childrenRows(userId: number) {
    const children = await this.db
      .selectFrom('guardians as g')
      .innerJoin('children as c', 'c.id', 'g.child_id')
      .innerJoin('sections as s', 's.id', 'c.section_id')
      .select([
        'c.id',
        'c.full_name',
        'c.birth_date',
        'c.active',
        's.id as section_id',
        's.name as section_name',
        'g.created_at as guardian_since',
      ])
      .where('g.user_id', '=', userId)
      .orderBy('c.full_name')
      .orderBy('c.id')
      .execute();
    const history = await this.db
      .selectFrom('guardians as g')
      .innerJoin('child_sections as h', 'h.child_id', 'g.child_id')
      .innerJoin('sections as s', 's.id', 'h.section_id')
      .select(['h.child_id', 's.name as section', 'h.started_at', 'h.ended_at'])
      .where('g.user_id', '=', userId)
      .orderBy('h.child_id')
      .orderBy('h.started_at')
      .orderBy('h.id')
      .execute();
    // Each child's image consent records, oldest first (one more query for all of them).
    const consents = await this.db
      .selectFrom('guardians as g')
      .innerJoin('child_consents as cc', 'cc.child_id', 'g.child_id')
      .select([
        'cc.child_id',
        'cc.purpose',
        'cc.granted',
        'cc.given_by',
        'cc.note',
        'cc.text_version',
        'cc.created_at',
      ])
      .where('g.user_id', '=', userId)
      .orderBy('cc.child_id')
      .orderBy('cc.id')
      .execute();
    // Each child's answers to activities (one more query for all of them).
    const signups = await this.db
      .selectFrom('guardians as g')
      .innerJoin('activity_signups as su', 'su.child_id', 'g.child_id')
      .innerJoin('activities as a', 'a.id', 'su.activity_id')
      .select([
        'su.child_id',
        'su.activity_id',
        'a.title as activity_title',
        'su.status',
        'su.answers',
        'su.updated_at',
      ])
      .where('g.user_id', '=', userId)
      .orderBy('su.child_id')
      .orderBy('a.starts_at')
      .orderBy('su.id')
      .execute();
    return { children, history, consents, signups };
  }

  /** Likes and comments go (the foreign keys would cascade too; said here on purpose), and the
   * invitation that brought them in, which holds their address. */
  async eraseTraces(user: { id: number; email: string }): Promise<void> {
    await this.db.deleteFrom('likes').where('user_id', '=', user.id).execute();
    await this.db.deleteFrom('comments').where('user_id', '=', user.id).execute();
    await this.db.deleteFrom('invitations').where('email', '=', user.email).execute();
  }
}
