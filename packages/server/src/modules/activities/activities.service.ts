import {
  ACTIVITY_ERRORS,
  ACTIVITY_LIMITS,
  ACTIVITY_MSG,
  ACTIVITY_STATUS_LABELS,
  type Activity,
  type ActivityAnswers,
  type ActivityInputParsed,
  type ActivityList,
  type ActivityQuestion,
  type ActivityStatus,
  type ActivityStatusChange,
  type ActivitySummary,
  authorizationState,
  type ChildActivityStatus,
  type PersonInCharge,
  ROUTES,
  requiredSigners,
  SIGNUP_LABELS,
  type SignupShown,
  type SignupStatus,
} from '@fogata/shared';
import type { Transaction } from 'kysely';
import { Access } from '../../access/access.js';
import {
  type AudienceChild,
  activityAudienceChildren,
  type FamilyAccount,
  familyAccounts,
  guardianCounts,
  ownActiveChildren,
} from '../../access/activity-access.js';
import type { Viewer } from '../../access/viewer.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/tokens.js';
import {
  type ActivityMailFacts,
  activityCancelledMail,
  activityPlaceMail,
  activityPublishedMail,
  activitySignAgainMail,
} from '../../mail/activity-templates.js';
import type { MailMessage } from '../../mail/mailer.js';
import { type AuditActor, recordAudit } from '../audit/audit.js';
import { addToStaff, requireCertifiedFor } from '../camp-staff/camp-staff.service.js';
import { healthStates } from '../health/health.service.js';
import { publicDelegate } from '../protection/protection.service.js';
import {
  ActivitiesRepository,
  type ActivityRow,
  type QuestionRow,
  type SignupRow,
  type StandingAuthorizationRow,
} from './activities.repository.js';

/** Who acts on an activity: the signed-in account (their id, name and role). */
export type ActivityActor = AuditActor & NonNullable<Viewer>;

/** What an activity's state and times are read from. */
type Timed = Pick<
  ActivityRow,
  'status' | 'signup_deadline' | 'starts_at' | 'ends_at' | 'repeats_weekly_until'
>;

/** When an activity is over: the end of its last week when it repeats, else its end. */
export function finishesAt(row: Pick<Timed, 'ends_at' | 'repeats_weekly_until'>): string {
  return row.repeats_weekly_until === null
    ? row.ends_at
    : `${row.repeats_weekly_until}T23:59:59.999Z`;
}

/**
 * An activity's state as it stands at `now`: a publicada whose deadline has passed reads
 * 'cerrada', one that is over reads 'celebrada'. Derived where it is read, never written by a job,
 * so no instant sees a stale state and a sign-up decides on the same clock it checks (decision 145).
 */
export function effectiveStatus(row: Timed, now: string): ActivityStatus {
  if (row.status !== 'publicada' && row.status !== 'cerrada') return row.status;
  if (now >= finishesAt(row)) return 'celebrada';
  if (row.status === 'publicada' && now >= row.signup_deadline) return 'cerrada';
  return row.status;
}

/**
 * Activity `id`'s row, locked until transaction `trx` ends (PostgreSQL; SQLite's writers already
 * run one at a time): what any write that must not cross an edit or a sign-up of the same activity
 * (a signature against its terms, a payment) takes first (decision 147). Undefined when missing.
 */
export function lockActivity(
  trx: Transaction<Database>,
  dialect: AppContext['db']['dialect'],
  id: number,
): Promise<ActivityRow | undefined> {
  return new ActivitiesRepository(trx).lock(id, dialect);
}

/** Whether families may answer at `now`: publicada and before the deadline. */
export function signupsOpen(row: Timed, now: string): boolean {
  return effectiveStatus(row, now) === 'publicada';
}

/** The fields whose change makes the signed autorizaciones stale: what their text says. */
const TERMS = [
  'starts_at',
  'ends_at',
  'repeats_weekly_until',
  'place',
  'meeting_point',
  'meeting_at',
  'return_point',
  'return_at',
  'transport',
] as const;

/** An edit's fields in words, for the audit trail. */
const FIELD_WORDS: [keyof ActivityInputParsed & keyof ActivityRow, string][] = [
  ['title', 'título'],
  ['kind', 'tipo'],
  ['starts_at', 'inicio'],
  ['ends_at', 'fin'],
  ['repeats_weekly_until', 'repetición semanal'],
  ['place', 'lugar'],
  ['meeting_point', 'punto de encuentro'],
  ['meeting_at', 'hora de encuentro'],
  ['return_point', 'punto de regreso'],
  ['return_at', 'hora de regreso'],
  ['transport', 'transporte'],
  ['price_cents', 'precio'],
  ['places', 'plazas'],
  ['signup_deadline', 'plazo de inscripción'],
  ['in_charge_id', 'responsable'],
  ['description', 'descripción'],
];

function toQuestion(row: QuestionRow): ActivityQuestion {
  return {
    id: row.id,
    label: row.label,
    kind: row.kind,
    options: row.options === null ? null : (JSON.parse(row.options) as string[]),
    required: row.required === 1,
  };
}

function parseAnswers(json: string): ActivityAnswers {
  try {
    const value = JSON.parse(json) as unknown;
    return value && typeof value === 'object' ? (value as ActivityAnswers) : {};
  } catch {
    return {};
  }
}

const fieldError = (status: number, field: string, message: string) =>
  new AppError(status, message, [{ field, message }]);

/**
 * The answers to `questions` as they are kept: each checked against its question (a yes/no a
 * boolean, a choice one of its options, a text at most 500 characters), a blank text left out;
 * a required one must be answered when the child goes. A 400 names the first that is wrong.
 */
export function checkedAnswers(
  questions: readonly ActivityQuestion[],
  answers: ActivityAnswers,
  going: boolean,
): ActivityAnswers {
  const byId = new Map(questions.map((q) => [String(q.id), q]));
  for (const key of Object.keys(answers)) {
    if (!byId.has(key)) {
      throw fieldError(400, `answers.${key}`, ACTIVITY_MSG.answerUnknownQuestion);
    }
  }
  const kept: ActivityAnswers = {};
  for (const q of questions) {
    const key = String(q.id);
    const field = `answers.${key}`;
    let value = answers[key];
    if (typeof value === 'string') value = value.trim();
    if (value !== undefined && value !== '') {
      if (q.kind === 'yesno' && typeof value !== 'boolean') {
        throw fieldError(400, field, ACTIVITY_MSG.answerYesNo(q.label));
      }
      if (q.kind === 'choice' && (typeof value !== 'string' || !q.options?.includes(value))) {
        throw fieldError(400, field, ACTIVITY_MSG.answerChoice(q.label));
      }
      if (q.kind === 'text') {
        if (typeof value !== 'string')
          throw fieldError(400, field, ACTIVITY_MSG.answerText(q.label));
        if (value.length > ACTIVITY_LIMITS.answerMax) {
          throw fieldError(400, field, ACTIVITY_MSG.answerTooLong(q.label));
        }
      }
      kept[key] = value;
    } else if (q.required && going) {
      throw fieldError(400, field, ACTIVITY_MSG.answerRequired(q.label));
    }
  }
  return kept;
}

/** The columns of an activity a manager's input sets, as stored. */
function activityColumns(input: ActivityInputParsed) {
  return {
    title: input.title,
    kind: input.kind,
    starts_at: input.starts_at,
    ends_at: input.ends_at,
    repeats_weekly_until: input.repeats_weekly_until,
    place: input.place,
    meeting_point: input.meeting_point,
    meeting_at: input.meeting_at,
    return_point: input.return_point,
    return_at: input.return_at,
    transport: input.transport,
    price_cents: input.price_cents,
    places: input.places,
    signup_deadline: input.signup_deadline,
    in_charge_id: input.in_charge_id,
    description: input.description,
    both_guardians: input.both_guardians ? 1 : 0,
  };
}

/** What a mail says of activity `row`. */
function mailFacts(row: Pick<ActivityRow, 'title' | 'starts_at' | 'ends_at' | 'place'>) {
  return { title: row.title, startsAt: row.starts_at, endsAt: row.ends_at, place: row.place };
}

/** The activity's state change, checked: the error of one its state forbids. */
function checkStatusChange(row: ActivityRow, to: ActivityStatusChange, now: string): void {
  const from = effectiveStatus(row, now);
  const refused = () =>
    new AppError(
      409,
      ACTIVITY_ERRORS.statusChange(ACTIVITY_STATUS_LABELS[from], ACTIVITY_STATUS_LABELS[to]),
    );
  switch (to) {
    case 'publicada':
      if (from === 'borrador') {
        if (row.starts_at <= now) throw new AppError(409, ACTIVITY_MSG.startInPast);
        return;
      }
      // Reopening by hand what was closed by hand, while the deadline has not passed.
      if (from === 'cerrada' && row.status === 'cerrada' && now < row.signup_deadline) return;
      if (from === 'cerrada') throw new AppError(409, ACTIVITY_ERRORS.reopenAfterDeadline);
      throw refused();
    case 'cerrada':
      if (from === 'publicada') return;
      throw refused();
    case 'celebrada':
      if (from !== 'publicada' && from !== 'cerrada') throw refused();
      if (now < row.starts_at) throw new AppError(409, ACTIVITY_ERRORS.celebrateBeforeStart);
      return;
    case 'cancelada':
      if (from === 'cancelada' || from === 'celebrada') throw refused();
      return;
  }
}

/**
 * Activities (issue 36): a manager's create, edit, change of state and delete; the list and the
 * page each viewer reads; a family's answer for each child. Who sees and manages which is the
 * access policy's (`activity.see`, `activity.manage`); every write to one activity runs with its
 * row locked, deciding on what the write before it left.
 */
export class ActivitiesService {
  private readonly access: Access;

  constructor(private readonly ctx: AppContext) {
    this.access = new Access(ctx);
  }

  private repo(db: Executor | AppContext['db'] = this.ctx.db) {
    return new ActivitiesRepository(db);
  }

  // ------------------------------------------------------------------------------------------
  // Reading
  // ------------------------------------------------------------------------------------------

  /**
   * What is coming for `viewer` (all of it, soonest first), then page `pastPage` of what has
   * passed (latest first). A constant number of queries, however many activities and children.
   */
  async list(viewer: Viewer, pastPage: number): Promise<ActivityList> {
    const now = nowIso();
    const repo = this.repo();
    const size = ACTIVITY_LIMITS.pastPageSize;
    const [upcoming, past] = await Promise.all([
      repo.upcoming(viewer, now),
      repo.past(viewer, now, (pastPage - 1) * size, size),
    ]);
    const summaries = await this.summaries(viewer, [...upcoming, ...past.rows], now);
    return {
      upcoming: summaries.slice(0, upcoming.length),
      past: summaries.slice(upcoming.length),
      past_total: past.total,
      page_size: size,
    };
  }

  /** Activity `id` as `viewer` reads it (404 as if missing when they may not see it). */
  async get(viewer: Viewer, id: number): Promise<Activity> {
    const now = nowIso();
    const repo = this.repo();
    const row = await repo.findShown(viewer, id);
    if (!row) throw new AppError(404, ACTIVITY_ERRORS.notFound);
    const [[summary], questions, delegate] = await Promise.all([
      this.summaries(viewer, [row], now),
      repo.questions([id]),
      publicDelegate(this.ctx.db.kysely),
    ]);
    return {
      ...(summary as ActivitySummary),
      repeats_weekly_until: row.repeats_weekly_until,
      meeting_point: row.meeting_point,
      meeting_at: row.meeting_at,
      return_point: row.return_point,
      return_at: row.return_at,
      transport: row.transport,
      price_cents: row.price_cents,
      in_charge:
        row.in_charge_id !== null && row.in_charge_name !== null
          ? { id: row.in_charge_id, name: row.in_charge_name }
          : null,
      description: row.description,
      both_guardians: row.both_guardians === 1,
      questions: questions.map(toQuestion),
      can_manage: row.can_manage,
      signups_open: signupsOpen(row, now),
      cancelled_at: row.cancelled_at,
      protection_delegate: delegate,
    };
  }

  /** The scouters and admins, who may be in charge of an activity. */
  peopleInCharge(): Promise<PersonInCharge[]> {
    return this.repo().peopleInCharge();
  }

  /**
   * The summaries of `rows` for `viewer`, with the status of each of the viewer's own children
   * in each audience: six queries (audiences, own children, sign-ups, autorizaciones, guardians
   * per child, fichas sanitarias), whatever the number of activities and children.
   */
  private async summaries(
    viewer: Viewer,
    rows: readonly ActivityRow[],
    now: string,
  ): Promise<ActivitySummary[]> {
    if (rows.length === 0) return [];
    const db = this.ctx.db.kysely;
    const ids = rows.map((row) => row.id);
    const [audiences, own] = await Promise.all([
      this.repo().audiences(ids),
      viewer ? ownActiveChildren(db, viewer.id) : Promise.resolve([]),
    ]);
    const childrenOf = new Map(
      rows.map((row) => {
        const audience = new Set((audiences.get(row.id) ?? []).map((s) => s.id));
        return [
          row.id,
          audience.size === 0 ? own : own.filter((child) => audience.has(child.section_id)),
        ];
      }),
    );
    const statuses = await this.childStatuses(
      viewer,
      rows,
      [...childrenOf].flatMap(([activity_id, children]) =>
        children.map((child) => ({ ...child, activity_id })),
      ),
    );
    return rows.map((row) => {
      const children = statuses.get(row.id) ?? [];
      const status = effectiveStatus(row, now);
      const live = status !== 'cancelada' && status !== 'celebrada' && status !== 'borrador';
      const needsAnswer =
        (signupsOpen(row, now) && children.some((c) => c.signup === 'pendiente')) ||
        (live &&
          children.some(
            (c) =>
              c.signup === 'va' &&
              (c.authorization.state === 'missing' || c.authorization.state === 'partial'),
          ));
      return {
        id: row.id,
        title: row.title,
        kind: row.kind,
        status,
        starts_at: row.starts_at,
        ends_at: row.ends_at,
        place: row.place,
        audience: audiences.get(row.id) ?? [],
        signup_deadline: row.signup_deadline,
        places: row.places,
        taken: row.taken,
        children,
        needs_answer: needsAnswer,
      };
    });
  }

  /**
   * The status of each of `children` (a child in an activity of `rows`) as `viewer` reads it:
   * their answer and place in line, their autorización's standing signatures, whether their ficha
   * sanitaria is filled and confirmed for it. Four queries.
   */
  private async childStatuses(
    viewer: Viewer,
    rows: readonly Pick<ActivityRow, 'id' | 'both_guardians'>[],
    children: readonly Omit<AudienceChild, 'section_id'>[],
    db: Executor = this.ctx.db.kysely,
  ): Promise<Map<number, ChildActivityStatus[]>> {
    const result = new Map<number, ChildActivityStatus[]>();
    if (children.length === 0) return result;
    const repo = this.repo(db);
    const activityIds = rows.map((row) => row.id);
    const childIds = [...new Set(children.map((c) => c.id))];
    const [signups, authorizations, guardians, health] = await Promise.all([
      repo.signups(activityIds, childIds),
      repo.standingAuthorizations(activityIds, childIds),
      guardianCounts(db, childIds),
      // On camp: whether the ficha is filled and confirmed for the activity (one query).
      healthStates(db, activityIds, childIds),
    ]);
    const key = (activityId: number, childId: number) => `${activityId}:${childId}`;
    const signupOf = new Map<string, SignupRow>(
      signups.map((s) => [key(s.activity_id, s.child_id), s]),
    );
    const authorizationsOf = new Map<string, StandingAuthorizationRow[]>();
    for (const a of authorizations) {
      const list = authorizationsOf.get(key(a.activity_id, a.child_id)) ?? [];
      list.push(a);
      authorizationsOf.set(key(a.activity_id, a.child_id), list);
    }
    const both = new Map(rows.map((row) => [row.id, row.both_guardians === 1]));
    for (const child of children) {
      const signup = signupOf.get(key(child.activity_id, child.id));
      const given = authorizationsOf.get(key(child.activity_id, child.id)) ?? [];
      const bothGuardians = both.get(child.activity_id) ?? false;
      const count = guardians.get(child.id) ?? 0;
      const shown: SignupShown = signup?.status ?? 'pendiente';
      const list = result.get(child.activity_id) ?? [];
      list.push({
        child_id: child.id,
        child_name: child.full_name,
        signup: shown,
        waiting_position: shown === 'espera' ? (signup?.waiting_position ?? null) : null,
        answers: signup ? parseAnswers(signup.answers) : {},
        authorization: {
          state: authorizationState(
            bothGuardians,
            count,
            given.map((a) => ({ ...a, withdrawn_at: null, superseded_at: null })),
          ),
          required_signers: requiredSigners(bothGuardians, count),
          signatures: given.map((a) => ({
            id: a.id,
            method: a.method,
            signer_name: a.signer_name,
            signed_at: a.signed_at,
            mine: viewer !== null && viewer !== undefined && a.guardian_id === viewer.id,
          })),
        },
        health: health(child.activity_id, child.id),
      });
      result.set(child.activity_id, list);
    }
    return result;
  }

  // ------------------------------------------------------------------------------------------
  // What the other parts of the activities call (the board, the autorización, the calendar)
  // ------------------------------------------------------------------------------------------

  /**
   * The status of each of `children` (of activity `activity`'s audience: `audienceChildren`) as
   * `viewer` reads it — answer, place in line, answers, autorización — by child id: what the board
   * shows per row. Four queries, however many children.
   */
  async statusesOf(
    viewer: Viewer,
    activity: { id: number; both_guardians: boolean },
    children: readonly { id: number; full_name: string }[],
  ): Promise<Map<number, ChildActivityStatus>> {
    const row = { id: activity.id, both_guardians: activity.both_guardians ? 1 : 0 };
    const statuses = await this.childStatuses(
      viewer,
      [row],
      children.map((child) => ({ ...child, activity_id: activity.id })),
    );
    return new Map((statuses.get(activity.id) ?? []).map((status) => [status.child_id, status]));
  }

  /** The 404 of an activity `viewer` does not see, the 403 of one they see but do not manage. */
  requireManaged(viewer: Viewer, id: number): Promise<void> {
    return this.access.require(viewer, 'activity.manage', id);
  }

  /** The 404 of an activity `viewer` does not see. */
  requireSeen(viewer: Viewer, id: number): Promise<void> {
    return this.access.require(viewer, 'activity.see', id);
  }

  /**
   * The active children of activity `id`'s audience, by name (only `childIds` when given), read
   * in `db` (a transaction, to decide and write in one).
   */
  audienceChildren(
    id: number,
    childIds?: readonly number[],
    db: Executor = this.ctx.db.kysely,
  ): Promise<AudienceChild[]> {
    return activityAudienceChildren(db, [id], childIds);
  }

  /** The accounts that answer for children `childIds` as family, one row per child and account. */
  families(
    childIds: readonly number[],
    db: Executor = this.ctx.db.kysely,
  ): Promise<FamilyAccount[]> {
    return familyAccounts(db, childIds);
  }

  // ------------------------------------------------------------------------------------------
  // A manager's writes
  // ------------------------------------------------------------------------------------------

  /**
   * The 400/403 of an audience `sectionIds` a manager may not give (`before`: the audience it
   * had, whose sections may stay): a section that does not exist or is retired, newly named; for
   * a scouter, a section not theirs newly named, the whole group newly chosen, or an audience
   * left without any section of theirs.
   */
  private async checkAudience(
    actor: ActivityActor,
    sectionIds: readonly number[],
    before: readonly number[] | null,
  ): Promise<void> {
    const newly = sectionIds.filter((id) => !before?.includes(id));
    const found = await this.repo().sectionsByIds(newly);
    if (found.length !== newly.length || found.some((s) => s.retired_at !== null)) {
      throw fieldError(400, 'section_ids', ACTIVITY_ERRORS.sectionUnavailable);
    }
    if (this.access.managesAll(actor)) return;
    const forbidden = () => fieldError(403, 'section_ids', ACTIVITY_ERRORS.sectionForbidden);
    if (sectionIds.length === 0) {
      if (before?.length === 0) return;
      throw forbidden();
    }
    const managed = await this.access.check(actor, 'section.manage', sectionIds);
    if (newly.some((id) => !managed.has(id)) || managed.size === 0) throw forbidden();
  }

  /**
   * The 400 of a person in charge who is not a scouter or an admin, and the 409 of one whose
   * certificado negativo is not current on the activity's last day.
   */
  private async checkInCharge(input: ActivityInputParsed): Promise<void> {
    const id = input.in_charge_id;
    if (id === null) return;
    if ((await this.repo().peopleInCharge([id])).length === 0) {
      throw fieldError(400, 'in_charge_id', ACTIVITY_ERRORS.inChargeUnknown);
    }
    await requireCertifiedFor(this.ctx.db.kysely, id, input);
  }

  /** The 400 of a start or a deadline in the past (only those the change sets). */
  private checkTimes(
    input: ActivityInputParsed,
    before: Pick<ActivityRow, 'starts_at' | 'signup_deadline'> | null,
    now: string,
  ): void {
    if (input.starts_at !== before?.starts_at && input.starts_at < now) {
      throw fieldError(400, 'starts_at', ACTIVITY_MSG.startInPast);
    }
    if (input.signup_deadline !== before?.signup_deadline && input.signup_deadline < now) {
      throw fieldError(400, 'signup_deadline', ACTIVITY_MSG.deadlineInPast);
    }
  }

  /** Creates an activity: a borrador, or published at once (`publish`), which tells the families. */
  async create(actor: ActivityActor, input: ActivityInputParsed): Promise<Activity> {
    this.checkTimes(input, null, nowIso());
    await this.checkAudience(actor, input.section_ids, null);
    await this.checkInCharge(input);
    const id = await this.ctx.db.kysely.transaction().execute(async (trx) => {
      const now = nowIso();
      const repo = this.repo(trx);
      const status = input.publish ? 'publicada' : 'borrador';
      const id = await repo.insert({
        ...activityColumns(input),
        status,
        terms_changed_at: now,
        published_at: input.publish ? now : null,
        created_by: actor.id,
        created_at: now,
        updated_at: now,
      });
      await repo.setAudience(id, input.section_ids);
      await repo.setQuestions(
        id,
        input.questions.map(({ id: _, ...q }) => q),
      );
      // The person in charge goes: they are one of the activity's staff.
      if (input.in_charge_id !== null) await addToStaff(trx, id, input.in_charge_id, actor.id);
      await recordAudit(trx, {
        actor,
        action: 'activity.created',
        target: { type: 'activity', id, label: input.title },
        details: { status: ACTIVITY_STATUS_LABELS[status] },
      });
      if (input.publish) await this.mailAudience(trx, id, mailFacts(input), activityPublishedMail);
      return id;
    });
    this.ctx.mailQueue.kick();
    return this.get(actor, id);
  }

  /**
   * Edits activity `id` (its managers; not once cancelled or celebrated). A change of its terms
   * (dates, place, meeting and return, transport) after signatures supersedes them and asks those
   * families to sign again; more places give the first in line theirs.
   */
  async update(actor: ActivityActor, id: number, input: ActivityInputParsed): Promise<Activity> {
    await this.requireManaged(actor, id);
    // What the manager may name is checked before the transaction: on SQLite a query outside it
    // would wait for the one connection the transaction holds.
    const audienceBefore =
      (await this.repo().audiences([id])).get(id)?.map((section) => section.id) ?? [];
    await this.checkAudience(actor, input.section_ids, audienceBefore);
    await this.checkInCharge(input);
    await this.ctx.db.kysely.transaction().execute(async (trx) => {
      const repo = this.repo(trx);
      const before = await repo.lock(id, this.ctx.db.dialect);
      if (!before) throw new AppError(404, ACTIVITY_ERRORS.notFound);
      const now = nowIso();
      const state = effectiveStatus(before, now);
      if (state === 'cancelada' || state === 'celebrada') {
        throw new AppError(409, ACTIVITY_ERRORS.notEditable);
      }
      this.checkTimes(input, before, now);
      const questionsBefore = await repo.questions([id]);
      const known = new Set(questionsBefore.map((q) => q.id));
      if (input.questions.some((q) => q.id !== undefined && !known.has(q.id))) {
        throw fieldError(400, 'questions', ACTIVITY_MSG.questionsInvalid);
      }
      const termsChanged = TERMS.some((field) => input[field] !== before[field]);
      const fields = FIELD_WORDS.filter(([field]) => input[field] !== before[field]).map(
        ([, words]) => words,
      );
      const audienceChanged = audienceBefore.join(',') !== input.section_ids.join(',');
      if (audienceChanged) fields.push('secciones');
      if ((input.both_guardians ? 1 : 0) !== before.both_guardians) fields.push('ambos tutores');
      const questionsChanged =
        JSON.stringify(questionsBefore.map(toQuestion)) !==
        JSON.stringify(input.questions.map((q) => ({ ...q, id: q.id })));
      if (questionsChanged) fields.push('preguntas');

      await repo.update(id, {
        ...activityColumns(input),
        updated_at: now,
        ...(termsChanged && { terms_changed_at: now }),
      });
      if (audienceChanged) await repo.setAudience(id, input.section_ids);
      // The person in charge goes: they are one of the activity's staff.
      if (input.in_charge_id !== null) await addToStaff(trx, id, input.in_charge_id, actor.id);
      if (questionsChanged) await repo.setQuestions(id, input.questions);
      const facts = mailFacts(input);
      if (termsChanged) {
        const children = await repo.supersede(id, now);
        await this.mailFamilies(trx, id, children, facts, activitySignAgainMail);
      }
      if (input.places !== before.places) await this.fillPlaces(trx, { ...before, ...input }, now);
      await recordAudit(trx, {
        actor,
        action: 'activity.updated',
        target: { type: 'activity', id, label: input.title },
        details: { fields: fields.join(', ') },
      });
    });
    this.ctx.mailQueue.kick();
    return this.get(actor, id);
  }

  /**
   * Moves activity `id` to `to` by hand: publishing a borrador tells its audience's families,
   * cancelling tells every family with a child going or waiting.
   */
  async changeStatus(
    actor: ActivityActor,
    id: number,
    to: ActivityStatusChange,
  ): Promise<Activity> {
    await this.requireManaged(actor, id);
    await this.ctx.db.kysely.transaction().execute(async (trx) => {
      const repo = this.repo(trx);
      const row = await repo.lock(id, this.ctx.db.dialect);
      if (!row) throw new AppError(404, ACTIVITY_ERRORS.notFound);
      const now = nowIso();
      const from = effectiveStatus(row, now);
      checkStatusChange(row, to, now);
      await repo.setStatus(row, to, now);
      await recordAudit(trx, {
        actor,
        action: 'activity.status_changed',
        target: { type: 'activity', id, label: row.title },
        details: { from: ACTIVITY_STATUS_LABELS[from], to: ACTIVITY_STATUS_LABELS[to] },
      });
      if (to === 'publicada' && from === 'borrador') {
        await this.mailAudience(trx, id, mailFacts(row), activityPublishedMail);
      }
      if (to === 'cancelada') {
        const children = await repo.childrenAnswering(id, ['va', 'espera']);
        await this.mailFamilies(trx, id, children, mailFacts(row), activityCancelledMail);
      }
    });
    this.ctx.mailQueue.kick();
    return this.get(actor, id);
  }

  /** Deletes borrador `id` (what was published is cancelled instead, and stays). */
  async remove(actor: ActivityActor, id: number): Promise<void> {
    await this.requireManaged(actor, id);
    await this.ctx.db.kysely.transaction().execute(async (trx) => {
      const repo = this.repo(trx);
      const row = await repo.lock(id, this.ctx.db.dialect);
      if (!row) throw new AppError(404, ACTIVITY_ERRORS.notFound);
      if (row.status !== 'borrador') throw new AppError(409, ACTIVITY_ERRORS.deleteOnlyDraft);
      await repo.delete(id);
      await recordAudit(trx, {
        actor,
        action: 'activity.deleted',
        target: { type: 'activity', id, label: row.title },
      });
    });
  }

  // ------------------------------------------------------------------------------------------
  // A family's answer
  // ------------------------------------------------------------------------------------------

  /**
   * Child `childId`'s answer to activity `id`: «Va» (a place, or the waiting list when the places
   * are taken) or «No va», and the answers. A guardian of a child in the audience answers while
   * sign-ups are open; a manager at any time but once cancelled. Decided and written with the
   * activity's row locked and the clock read after the lock: two guardians at once, two families
   * for the last place, the deadline passing mid-request each give one consistent answer.
   */
  async signup(
    actor: ActivityActor,
    id: number,
    childId: number,
    body: { going: boolean; answers: ActivityAnswers },
  ): Promise<ChildActivityStatus> {
    const [seen, managed, own] = await Promise.all([
      this.access.check(actor, 'activity.see', [id]),
      this.access.check(actor, 'activity.manage', [id]),
      this.access.check(actor, 'child.own', [childId]),
    ]);
    if (!seen.has(id)) throw new AppError(404, ACTIVITY_ERRORS.notFound);
    const isManager = managed.has(id);
    if (!isManager && !own.has(childId)) {
      throw new AppError(404, ACTIVITY_ERRORS.childNotInAudience);
    }
    const saved = await this.ctx.db.kysely.transaction().execute(async (trx) => {
      const repo = this.repo(trx);
      const row = await lockActivity(trx, this.ctx.db.dialect, id);
      if (!row) throw new AppError(404, ACTIVITY_ERRORS.notFound);
      const now = nowIso();
      const state = effectiveStatus(row, now);
      if (state === 'cancelada') throw new AppError(409, ACTIVITY_ERRORS.signupCancelled);
      if (!isManager) {
        if (state === 'borrador') throw new AppError(409, ACTIVITY_ERRORS.signupDraft);
        if (state !== 'publicada') throw new AppError(409, ACTIVITY_ERRORS.signupsClosed);
      }
      const [child] = await activityAudienceChildren(trx, [id], [childId]);
      if (!child) throw new AppError(404, ACTIVITY_ERRORS.childNotInAudience);
      const questions = (await repo.questions([id])).map(toQuestion);
      const answers = checkedAnswers(questions, body.answers, body.going);
      const [before] = await repo.signups([id], [childId]);
      let status: SignupStatus = 'no_va';
      let queuedAt: string | null = null;
      if (body.going) {
        if (before?.status === 'va' || before?.status === 'espera') {
          status = before.status;
          queuedAt = before.queued_at;
        } else {
          status = row.places !== null && row.taken >= row.places ? 'espera' : 'va';
          queuedAt = now;
        }
      }
      await repo.saveSignup({
        activity_id: id,
        child_id: childId,
        status,
        queued_at: queuedAt,
        answers: JSON.stringify(answers),
        updated_by: actor.id,
        now,
      });
      await recordAudit(trx, {
        actor,
        action: 'activity.signup_changed',
        target: { type: 'activity', id, label: row.title },
        details: {
          child: String(childId),
          from: SIGNUP_LABELS[before?.status ?? 'pendiente'],
          to: SIGNUP_LABELS[status],
        },
      });
      if (before?.status === 'va' && status !== 'va') {
        await this.fillPlaces(trx, row, now);
      }
      // Read before the commit: the answer says what this request saved, whatever a request
      // right behind it saves next.
      const statuses = await this.childStatuses(actor, [row], [child], trx);
      return statuses.get(id)?.[0] as ChildActivityStatus;
    });
    this.ctx.mailQueue.kick();
    return saved;
  }

  /**
   * Gives the places free in activity `row` to the first in its waiting list, in order (all of
   * them when it has no limit any more), and tells their families. In the caller's transaction.
   */
  private async fillPlaces(
    trx: Transaction<Database>,
    row: Pick<ActivityRow, 'id' | 'places' | 'title' | 'starts_at' | 'ends_at' | 'place'>,
    now: string,
  ): Promise<void> {
    const repo = this.repo(trx);
    const free =
      row.places === null
        ? ACTIVITY_LIMITS.placesMax
        : row.places - (await repo.countGoing(row.id));
    const admitted = await repo.firstWaiting(row.id, free);
    if (admitted.length === 0) return;
    await repo.admit(
      admitted.map((s) => s.id),
      now,
    );
    await this.mailFamilies(
      trx,
      row.id,
      admitted.map((s) => s.child_id),
      mailFacts(row),
      activityPlaceMail,
    );
  }

  /** Queues `build`'s mail to each family of the active children of activity `id`'s audience. */
  private async mailAudience(
    trx: Transaction<Database>,
    id: number,
    facts: ActivityMailFacts,
    build: (opts: Parameters<typeof activityPublishedMail>[0]) => MailMessage,
  ): Promise<void> {
    const children = await activityAudienceChildren(trx, [id]);
    await this.mailFamilies(
      trx,
      id,
      children.map((c) => c.id),
      facts,
      build,
    );
  }

  /**
   * Queues `build`'s mail to each account that answers for one of `childIds` as family: one
   * mail per account, however many of the children are theirs (and never their names).
   */
  private async mailFamilies(
    trx: Transaction<Database>,
    id: number,
    childIds: readonly number[],
    facts: ActivityMailFacts,
    build: (opts: Parameters<typeof activityPublishedMail>[0]) => MailMessage,
  ): Promise<void> {
    const accounts = new Map<number, string>();
    for (const account of await familyAccounts(trx, childIds)) {
      accounts.set(account.id, account.email);
    }
    const { config } = this.ctx;
    const link = `${config.publicUrl}${ROUTES.activity.getHref(id)}`;
    for (const email of accounts.values()) {
      const mail = build({ to: email, groupName: config.group.name, activity: facts, link });
      await this.ctx.mailQueue.enqueue(mail, { trx });
    }
  }
}
