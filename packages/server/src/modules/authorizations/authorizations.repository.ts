import type { AuthorizationMethod, SignatureConfirmation } from '@fogata/shared';
import type { Insertable, Selectable } from 'kysely';
import { type Db, type Executor, executorOf } from '../../db/database.js';
import type { Dialect } from '../../db/migrations/index.js';
import type { ActivityAuthorizationsTable } from '../../db/schema.js';

/** An autorización given, as stored. */
export type AuthorizationRow = Selectable<ActivityAuthorizationsTable>;

/** A version of the autorización's text, with its author's name. */
export interface AuthorizationTextRow {
  id: number;
  version: number;
  body: string;
  created_at: string;
  created_by: string | null;
}

/** What an autorización's text is filled with, of one activity. */
export interface ActivityTermsRow {
  id: number;
  title: string;
  status: string;
  starts_at: string;
  ends_at: string;
  place: string;
  meeting_point: string;
  meeting_at: string;
  return_point: string;
  return_at: string;
  transport: string;
  in_charge: string | null;
  both_guardians: number;
}

/** A standing autorización of a child for an activity (not withdrawn, not superseded). */
export interface StandingAuthorizationRow {
  id: number;
  activity_id: number;
  child_id: number;
  method: AuthorizationMethod;
  guardian_id: number | null;
  signer_name: string | null;
  signed_at: string;
}

/** A signature as the member's data export lists it. */
export interface OwnSignatureRow {
  id: number;
  activity_id: number;
  activity_title: string;
  child_id: number;
  child_name: string;
  signer_name: string | null;
  signer_dni: string | null;
  text: string | null;
  text_sha256: string | null;
  text_version: number | null;
  confirmed_with: SignatureConfirmation | null;
  ip: string | null;
  user_agent: string | null;
  signed_at: string;
  withdrawn_at: string | null;
  superseded_at: string | null;
}

const DELEGATE_NAME = 'protection_delegate_name';
const DELEGATE_CONTACT = 'protection_delegate_contact';
/** The account named (migration 020): its name is the delegado/a's. */
const DELEGATE_USER = 'protection_delegate_user_id';

/**
 * The SQL of the autorizaciones (migration 019): the text's versions, the group's delegado/a de
 * protección, the autorizaciones given (inserted, then only marked withdrawn; deleted by the
 * retention sweep alone), a guardian's DNI/NIE.
 */
export class AuthorizationsRepository {
  private readonly db: Executor;

  constructor(db: Db | Executor) {
    this.db = executorOf(db);
  }

  private texts() {
    return this.db
      .selectFrom('authorization_texts as t')
      .leftJoin('users as u', 'u.id', 't.created_by')
      .select(['t.id', 't.version', 't.body', 't.created_at', 'u.name as created_by']);
  }

  /** The latest version of the text (migration 019 writes version 1: there is always one). */
  currentText(): Promise<AuthorizationTextRow | undefined> {
    return this.texts().orderBy('t.version', 'desc').limit(1).executeTakeFirst();
  }

  /** Appends version `version` of the text; returns its id. */
  async insertText(version: number, body: string, by: number, now: string): Promise<number> {
    const row = await this.db
      .insertInto('authorization_texts')
      .values({ version, body, created_by: by, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * The group's delegado/a de protección: name and contact ('' until an admin sets them). The
   * name is their account's as it is now, once an account is named (the stored one before).
   */
  async delegate(): Promise<{ name: string; contact: string }> {
    const rows = await this.db
      .selectFrom('group_settings')
      .select(['key', 'value'])
      .where('key', 'in', [DELEGATE_NAME, DELEGATE_CONTACT, DELEGATE_USER])
      .execute();
    const stored = new Map(rows.map((row) => [row.key, row.value]));
    const userId = Number(stored.get(DELEGATE_USER) ?? '');
    const account =
      Number.isInteger(userId) && userId > 0
        ? await this.db
            .selectFrom('users')
            .select('name')
            .where('id', '=', userId)
            .executeTakeFirst()
        : undefined;
    return {
      name: account?.name ?? stored.get(DELEGATE_NAME) ?? '',
      contact: stored.get(DELEGATE_CONTACT) ?? '',
    };
  }

  /** A scouter's or an admin's account, who may be named delegado/a; undefined for anyone else. */
  delegateAccount(id: number) {
    return this.db
      .selectFrom('users')
      .select(['id', 'name'])
      .where('id', '=', id)
      .where('role', 'in', ['scouter', 'admin'])
      .executeTakeFirst();
  }

  /** Sets the delegado/a de protección: their account, its name and the contact (every key). */
  async setDelegate(
    delegate: { user_id: number; name: string; contact: string },
    by: number,
    now: string,
  ): Promise<void> {
    for (const [key, value] of [
      [DELEGATE_USER, String(delegate.user_id)],
      [DELEGATE_NAME, delegate.name],
      [DELEGATE_CONTACT, delegate.contact],
    ] as const) {
      await this.db
        .insertInto('group_settings')
        .values({ key, value, updated_by: by, updated_at: now })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({ value, updated_by: by, updated_at: now }),
        )
        .execute();
    }
  }

  /** What activity `id`'s autorización is filled with. */
  terms(id: number): Promise<ActivityTermsRow | undefined> {
    return this.db
      .selectFrom('activities as a')
      .leftJoin('users as u', 'u.id', 'a.in_charge_id')
      .select([
        'a.id',
        'a.title',
        'a.status',
        'a.starts_at',
        'a.ends_at',
        'a.place',
        'a.meeting_point',
        'a.meeting_at',
        'a.return_point',
        'a.return_at',
        'a.transport',
        'u.name as in_charge',
        'a.both_guardians',
      ])
      .where('a.id', '=', id)
      .executeTakeFirst();
  }

  /**
   * Holds child `childId`'s row until the transaction ends (PostgreSQL; SQLite's writers already
   * go one at a time): two signatures for the same child at once are decided one after the other,
   * so a guardian signing from two tabs stores one.
   */
  async lockChild(childId: number, dialect: Dialect): Promise<void> {
    const query = this.db.selectFrom('children').select('id').where('id', '=', childId);
    await (dialect === 'postgres' ? query.forUpdate() : query).execute();
  }

  /** The standing autorizaciones of `activityId`, of `childIds` (all children when omitted). */
  standing(activityId: number, childIds?: readonly number[]): Promise<StandingAuthorizationRow[]> {
    if (childIds?.length === 0) return Promise.resolve([]);
    let query = this.db
      .selectFrom('activity_authorizations')
      .select([
        'id',
        'activity_id',
        'child_id',
        'method',
        'guardian_id',
        'signer_name',
        'signed_at',
      ])
      .where('activity_id', '=', activityId)
      .where('withdrawn_at', 'is', null)
      .where('superseded_at', 'is', null);
    if (childIds) query = query.where('child_id', 'in', childIds);
    return query.orderBy('signed_at').orderBy('id').execute();
  }

  /** Stores an autorización given; returns its id. */
  async insert(row: Insertable<ActivityAuthorizationsTable>): Promise<number> {
    const inserted = await this.db
      .insertInto('activity_authorizations')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  }

  /** Autorización `id`, whole. */
  byId(id: number): Promise<AuthorizationRow | undefined> {
    return this.db
      .selectFrom('activity_authorizations')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Marks `guardianId`'s standing online signature withdrawn; its id, or null when none stood. */
  async withdraw(
    activityId: number,
    childId: number,
    guardianId: number,
    now: string,
  ): Promise<number | null> {
    const row = await this.db
      .updateTable('activity_authorizations')
      .set({ withdrawn_at: now })
      .where('activity_id', '=', activityId)
      .where('child_id', '=', childId)
      .where('guardian_id', '=', guardianId)
      .where('method', '=', 'online')
      .where('withdrawn_at', 'is', null)
      .where('superseded_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    return row?.id ?? null;
  }

  /** Member `userId`'s DNI/NIE. */
  async dniOf(userId: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('users')
      .select('dni')
      .where('id', '=', userId)
      .executeTakeFirst();
    return row?.dni ?? null;
  }

  /** Keeps `dni` on member `userId`'s profile. */
  async setDni(userId: number, dni: string | null): Promise<void> {
    await this.db.updateTable('users').set({ dni }).where('id', '=', userId).execute();
  }

  /** Every online signature `userId` made, oldest first, with its activity and child. */
  ownSignatures(userId: number): Promise<OwnSignatureRow[]> {
    return this.db
      .selectFrom('activity_authorizations as z')
      .innerJoin('activities as a', 'a.id', 'z.activity_id')
      .innerJoin('children as c', 'c.id', 'z.child_id')
      .select([
        'z.id',
        'z.activity_id',
        'a.title as activity_title',
        'z.child_id',
        'c.full_name as child_name',
        'z.signer_name',
        'z.signer_dni',
        'z.text',
        'z.text_sha256',
        'z.text_version',
        'z.confirmed_with',
        'z.ip',
        'z.user_agent',
        'z.signed_at',
        'z.withdrawn_at',
        'z.superseded_at',
      ])
      .where('z.guardian_id', '=', userId)
      .orderBy('z.signed_at')
      .orderBy('z.id')
      .execute();
  }

  /**
   * The autorizaciones of activities that ended before `before` (past their retention), with their
   * paper scans' keys, at most `limit`.
   */
  expired(before: string, limit: number): Promise<{ id: number; paper_key: string | null }[]> {
    return this.db
      .selectFrom('activity_authorizations as z')
      .innerJoin('activities as a', 'a.id', 'z.activity_id')
      .select(['z.id', 'z.paper_key'])
      .where('a.ends_at', '<', before)
      .orderBy('z.id')
      .limit(limit)
      .execute();
  }

  /** Deletes autorizaciones `ids`. */
  async remove(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.deleteFrom('activity_authorizations').where('id', 'in', ids).execute();
  }
}
