import { createHash } from 'node:crypto';
import {
  type AuthorizationForm,
  type AuthorizationResult,
  type AuthorizationText,
  CAMP_ERRORS,
  AUTHORIZATION_ERRORS as E,
  fillAuthorizationText,
  type GivenAuthorization,
  LIMITS,
  AUTHORIZATION_MESSAGES as M,
  ROUTES,
  SERVER_ERRORS,
  type SignAuthorizationInput,
  type SignatureConfirmation,
} from '@fogata/shared';
import type { Transaction } from 'kysely';
import { Access } from '../../access/access.js';
import { activityAudienceChildren } from '../../access/activity-access.js';
import type { Viewer } from '../../access/viewer.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { verifyPassword } from '../../lib/passwords.js';
import type { SignInMethod } from '../../lib/session-token.js';
import { nowIso } from '../../lib/tokens.js';
import { signedAuthorizationMail } from '../../mail/templates.js';
import { deleteMedia, keepMedia, markForDeletion, saveMedia } from '../../media/media-files.js';
import { newMediaKey } from '../../media/storage/storage.js';
import type { UploadedFile } from '../../media/upload.js';
import { type AuditActor, recordAudit } from '../audit/audit.js';
import type { UserRow } from '../users/users.repository.js';
import { toPaperScan } from './authorization-paper.js';
import { authorizationPdf } from './authorization-pdf.js';
import { authorizationValues } from './authorization-terms.js';
import {
  type ActivityTermsRow,
  type AuthorizationRow,
  AuthorizationsRepository,
  type OwnSignatureRow,
  type StandingAuthorizationRow,
} from './authorizations.repository.js';

/** How recent a Google sign-in must be to confirm a signature without the password. */
export const GOOGLE_SIGNATURE_MAX_AGE_S = 15 * 60;

/** How many times a new version of the text is tried while other admins save theirs. */
const TEXT_SAVE_ATTEMPTS = 5;

/** The longest user agent kept as evidence. */
const USER_AGENT_MAX = 500;

/** Who acts: the signed-in account. */
export type AuthorizationActor = AuditActor & NonNullable<Viewer> & Pick<UserRow, 'email'>;

/** How the session of a signature was opened: by whom, and when (seconds). */
export interface SignInOfSession {
  via: SignInMethod | null;
  iat: number;
}

/** Where a signature came from: the evidence the request carries. */
export interface SignatureRequest {
  ip: string;
  userAgent: string | undefined;
  session: SignInOfSession;
}

/** The SHA-256 of a text as UTF-8, in hex: what the web computes of the text it shows. */
export function textSha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * The autorización of an activity (simple electronic signature): the admin's versioned text and
 * the group's delegado/a de protección; a guardian reads it filled for their child and signs with
 * their name and DNI/NIE, confirmed by their password or a recent Google sign-in; the evidence is
 * kept, the PDF mailed to them and downloadable later; a manager records a paper one instead.
 * Every change goes to the audit trail, naming the child by number and never the DNI.
 */
export class AuthorizationsService {
  private readonly access: Access;

  constructor(private readonly ctx: AppContext) {
    this.access = new Access(ctx);
  }

  private repo(db: AppContext['db'] | Transaction<Database> = this.ctx.db) {
    return new AuthorizationsRepository(db);
  }

  // ——— The admin's text and the delegado/a de protección ———

  /** The current text and the delegado/a de protección. */
  async text(): Promise<AuthorizationText> {
    const repo = this.repo();
    const [text, delegate] = await Promise.all([repo.currentText(), repo.delegate()]);
    // Migration 019 writes version 1 and nothing deletes one: never missing in a real install.
    if (!text) throw new AppError(500, SERVER_ERRORS.internal);
    return {
      version: text.version,
      body: text.body,
      created_at: text.created_at,
      delegate_name: delegate.name,
      delegate_contact: delegate.contact,
    };
  }

  /**
   * Appends a new version of the text (the latest's number plus one). Signatures keep the text
   * they signed; only signatures made from now on read the new one.
   */
  async writeText(
    actor: AuthorizationActor,
    body: string,
  ): Promise<AuthorizationText & { message: string }> {
    const version = await this.appendText(actor, body);
    const text = await this.text();
    return { ...text, version, body, message: M.textCreated(version) };
  }

  /**
   * One version appended. Two admins at once on PostgreSQL both read the same latest version and
   * the second insert meets the unique version: it is tried again as the version after.
   */
  private async appendText(actor: AuthorizationActor, body: string, attempt = 1): Promise<number> {
    try {
      return await this.ctx.db.kysely.transaction().execute(async (trx) => {
        const repo = this.repo(trx);
        const current = await repo.currentText();
        const next = (current?.version ?? 0) + 1;
        const id = await repo.insertText(next, body, actor.id, nowIso());
        await recordAudit(trx, {
          actor,
          action: 'authorization_text.created',
          target: { type: 'authorization_text', id, label: `Versión ${next}` },
          details: { version: String(next) },
        });
        return next;
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      if (attempt < TEXT_SAVE_ATTEMPTS) return this.appendText(actor, body, attempt + 1);
      throw new AppError(409, E.textBusy);
    }
  }

  /**
   * Names the group's delegado/a de protección: a scouter's or an admin's account (their name is
   * the one the autorización's text shows) and how to reach them.
   */
  async setDelegate(
    actor: AuthorizationActor,
    input: { user_id: number; contact: string },
  ): Promise<{ user_id: number; name: string; contact: string; message: string }> {
    const account = await this.repo().delegateAccount(input.user_id);
    if (!account) throw new AppError(400, CAMP_ERRORS.delegateNotAdult);
    const delegate = { user_id: account.id, name: account.name, contact: input.contact };
    await this.ctx.db.kysely.transaction().execute(async (trx) => {
      await this.repo(trx).setDelegate(delegate, actor.id, nowIso());
      await recordAudit(trx, {
        actor,
        action: 'protection_delegate.changed',
        target: { type: 'settings', id: null, label: 'Delegado/a de protección' },
      });
    });
    return { ...delegate, message: M.delegateSaved };
  }

  // ——— The member's DNI/NIE ———

  /** The member's own DNI/NIE. */
  async dni(user: AuthorizationActor): Promise<{ dni: string | null }> {
    return { dni: await this.repo().dniOf(user.id) };
  }

  /** Keeps a new DNI/NIE on the member's profile (already validated by its check letter). */
  async setDni(user: AuthorizationActor, dni: string): Promise<{ dni: string | null }> {
    await this.ctx.db.kysely.transaction().execute(async (trx) => {
      const repo = this.repo(trx);
      if ((await repo.dniOf(user.id)) === dni) return;
      await repo.setDni(user.id, dni);
      await recordAudit(trx, {
        actor: user,
        action: 'dni.changed',
        target: { type: 'user', id: user.id, label: user.name },
        details: { dni: M.auditDniGiven },
      });
    });
    return { dni };
  }

  // ——— Who may reach what ———

  /**
   * Activity `activityId` as guardian `viewer` of child `childId` reaches it: their own child (else
   * a 404 as if missing), active and of the activity's audience, which is no draft.
   */
  private async guardianTerms(
    viewer: AuthorizationActor,
    activityId: number,
    childId: number,
  ): Promise<{ terms: ActivityTermsRow; childName: string }> {
    await this.access.require(viewer, 'child.own', childId);
    return audienceTerms(this.ctx.db.kysely, activityId, childId);
  }

  /** Whether `viewer` manages activity `activityId` (the access policy's `activity.manage`). */
  private manages(viewer: Viewer, activityId: number): Promise<boolean> {
    return this.access.may(viewer, 'activity.manage', activityId);
  }

  // ——— Signing ———

  /** What a guardian's screen fills and shows: the template and every value but theirs. */
  async form(
    viewer: AuthorizationActor & Pick<UserRow, 'password_hash'>,
    activityId: number,
    childId: number,
    session: SignInOfSession,
  ): Promise<AuthorizationForm> {
    const { terms, childName } = await this.guardianTerms(viewer, activityId, childId);
    const repo = this.repo();
    const [text, delegate, dni] = await Promise.all([
      repo.currentText(),
      repo.delegate(),
      repo.dniOf(viewer.id),
    ]);
    if (!text) throw new AppError(500, SERVER_ERRORS.internal);
    return {
      template: text.body,
      values: authorizationValues(terms, childName, delegate),
      text_version: text.version,
      full_name: viewer.name,
      dni,
      confirm_with: confirmationOffered(viewer, session),
    };
  }

  /**
   * Signs child `childId`'s autorización for activity `activityId` as guardian `viewer`: the text
   * they read (its SHA-256 must be the one the server fills now), their name and DNI/NIE (kept on
   * their profile), confirmed by their password or a recent Google sign-in. The PDF goes to them
   * through the mail queue with the signature, in the same transaction.
   */
  async sign(
    viewer: AuthorizationActor & Pick<UserRow, 'password_hash'>,
    activityId: number,
    childId: number,
    input: SignAuthorizationInput,
    request: SignatureRequest,
  ): Promise<AuthorizationResult> {
    // What needs no secret first: someone else's child is a 404 whatever the password.
    const before = await this.guardianTerms(viewer, activityId, childId);
    signable(before.terms, Date.now());
    const confirmedWith = await confirm(viewer, input.password, request.session);

    const signed = await this.ctx.db.kysely.transaction().execute(async (trx) => {
      const repo = this.repo(trx);
      await repo.lockChild(childId, this.ctx.db.dialect);
      // Read again under the lock: the activity may have started, changed or been signed since.
      const { terms, childName } = await audienceTerms(trx, activityId, childId);
      const now = Date.now();
      signable(terms, now);
      const standing = await repo.standing(activityId, [childId]);
      if (standing.some((a) => a.method === 'online' && a.guardian_id === viewer.id)) {
        throw new AppError(409, E.alreadySigned);
      }
      const [text, delegate] = await Promise.all([repo.currentText(), repo.delegate()]);
      if (!text) throw new AppError(500, SERVER_ERRORS.internal);
      const filled = fillAuthorizationText(text.body, {
        ...authorizationValues(terms, childName, delegate),
        tutor: input.full_name,
        dni: input.dni,
      });
      const sha256 = textSha256(filled);
      if (sha256 !== input.text_sha256) throw new AppError(409, E.textChanged);

      const row = {
        activity_id: activityId,
        child_id: childId,
        method: 'online' as const,
        guardian_id: viewer.id,
        signer_name: input.full_name,
        signer_dni: input.dni,
        text: filled,
        text_sha256: sha256,
        text_version: text.version,
        ip: request.ip,
        user_agent: request.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
        confirmed_with: confirmedWith,
        paper_key: null,
        note: null,
        recorded_by: null,
        signed_at: new Date(now).toISOString(),
        withdrawn_at: null,
        superseded_at: null,
      };
      const id = await repo.insert(row);
      await repo.setDni(viewer.id, input.dni);
      await recordAudit(trx, {
        actor: viewer,
        action: 'authorization.signed',
        target: { type: 'authorization', id, label: terms.title },
        details: {
          activity: String(activityId),
          child: String(childId),
          dni: M.auditDniGiven,
          confirmed_with: confirmedWith,
          text_version: String(text.version),
        },
      });
      const pdf = await authorizationPdf(
        { ...row, id },
        { groupName: this.ctx.config.group.name, activityTitle: terms.title, showDni: true },
      );
      await this.ctx.mailQueue.enqueue(
        signedAuthorizationMail({
          to: viewer.email,
          groupName: this.ctx.config.group.name,
          signer: input.full_name,
          activityTitle: terms.title,
          link: `${this.ctx.config.publicUrl}${ROUTES.activity.getHref(activityId)}`,
          pdf: { filename: pdfFileName(id), content: pdf },
        }),
        { trx },
      );
      return { id, signed_at: row.signed_at };
    });
    // Committed: the worker can see the mail now.
    this.ctx.mailQueue.kick();
    return {
      id: signed.id,
      method: 'online',
      signer_name: input.full_name,
      signed_at: signed.signed_at,
      mine: true,
      message: M.signed,
    };
  }

  /** Withdraws guardian `viewer`'s own standing signature, until the activity starts. */
  async withdraw(viewer: AuthorizationActor, activityId: number, childId: number): Promise<void> {
    await this.guardianTerms(viewer, activityId, childId);
    await this.ctx.db.kysely.transaction().execute(async (trx) => {
      const repo = this.repo(trx);
      await repo.lockChild(childId, this.ctx.db.dialect);
      const { terms } = await audienceTerms(trx, activityId, childId);
      if (Date.parse(terms.starts_at) <= Date.now()) throw new AppError(409, E.started);
      const id = await repo.withdraw(activityId, childId, viewer.id, nowIso());
      if (id === null) throw new AppError(409, E.noSignatureToWithdraw);
      await recordAudit(trx, {
        actor: viewer,
        action: 'authorization.withdrawn',
        target: { type: 'authorization', id, label: terms.title },
        details: { activity: String(activityId), child: String(childId) },
      });
    });
  }

  // ——— Reading a signed one, and the paper ———

  /**
   * Autorización `id` for `viewer`: a guardian of its child today or a manager of its activity;
   * anyone else a 404, as if it did not exist. Says whether they manage it.
   */
  private async reachable(
    viewer: AuthorizationActor,
    id: number,
  ): Promise<{ row: AuthorizationRow; manager: boolean; title: string }> {
    const repo = this.repo();
    const row = await repo.byId(id);
    const notFound = () => new AppError(404, E.authorizationNotFound);
    if (!row) throw notFound();
    const [manager, guardian, terms] = await Promise.all([
      this.manages(viewer, row.activity_id),
      this.access.may(viewer, 'child.own', row.child_id),
      repo.terms(row.activity_id),
    ]);
    if ((!manager && !guardian) || !terms) throw notFound();
    return { row, manager, title: terms.title };
  }

  /**
   * The PDF of an online signature. The signer's DNI/NIE shows to them and to the activity's
   * managers; the child's other guardian gets it hidden.
   */
  async pdf(viewer: AuthorizationActor, id: number): Promise<{ pdf: Buffer; fileName: string }> {
    const { row, manager, title } = await this.reachable(viewer, id);
    if (row.method !== 'online') throw new AppError(404, E.authorizationNotFound);
    const pdf = await authorizationPdf(row, {
      groupName: this.ctx.config.group.name,
      activityTitle: title,
      showDni: manager || row.guardian_id === viewer.id,
    });
    return { pdf, fileName: pdfFileName(row.id) };
  }

  /**
   * Records a paper autorización of child `childId` for activity `activityId`: the photo or scan,
   * re-encoded so no metadata (EXIF, GPS) survives, stored private, and a note.
   */
  async recordPaper(
    viewer: AuthorizationActor,
    activityId: number,
    childId: number,
    file: UploadedFile,
    note: string,
  ): Promise<AuthorizationResult> {
    if (!(await this.manages(viewer, activityId))) throw new AppError(404, E.activityNotFound);
    const [terms, inAudience] = await Promise.all([
      this.repo().terms(activityId),
      activityAudienceChildren(this.ctx.db.kysely, [activityId], [childId]),
    ]);
    if (!terms) throw new AppError(404, E.activityNotFound);
    if (inAudience.length === 0) throw new AppError(404, E.childNotInActivity);
    if (terms.status === 'cancelada') throw new AppError(409, E.notSignable);
    const scan = await toPaperScan(file);
    const key = newMediaKey('private/authorizations', 'jpg');
    await saveMedia(this.ctx, [{ key, data: scan, contentType: 'image/jpeg' }]);
    const signedAt = nowIso();
    let id: number;
    try {
      id = await this.ctx.db.kysely.transaction().execute(async (trx) => {
        const inserted = await this.repo(trx).insert({
          activity_id: activityId,
          child_id: childId,
          method: 'paper',
          guardian_id: null,
          signer_name: null,
          signer_dni: null,
          text: null,
          text_sha256: null,
          text_version: null,
          ip: null,
          user_agent: null,
          confirmed_with: null,
          paper_key: key,
          note: note || null,
          recorded_by: viewer.id,
          signed_at: signedAt,
          withdrawn_at: null,
          superseded_at: null,
        });
        await recordAudit(trx, {
          actor: viewer,
          action: 'authorization.paper_recorded',
          target: { type: 'authorization', id: inserted, label: terms.title },
          details: { activity: String(activityId), child: String(childId) },
        });
        return inserted;
      });
    } catch (err) {
      await deleteMedia(this.ctx, [key], err);
      throw err;
    }
    await keepMedia(this.ctx, [key]);
    return {
      id,
      method: 'paper',
      signer_name: null,
      signed_at: signedAt,
      mine: false,
      message: M.paperRecorded,
    };
  }

  /** The scan of a paper autorización, for the activity's managers only. */
  async paper(viewer: AuthorizationActor, id: number): Promise<Buffer> {
    const { row, manager } = await this.reachable(viewer, id);
    if (!manager || !row.paper_key) throw new AppError(404, E.authorizationNotFound);
    const file = await this.ctx.storage.read(row.paper_key);
    if (!file) throw new AppError(404, E.authorizationNotFound);
    return Buffer.concat((await file.stream.toArray()) as Buffer[]);
  }

  // ——— For the other parts: the board, the activity's page, the member's export ———

  /**
   * The standing autorizaciones of activity `activityId` (of `childIds`, or every child), in
   * one query: what `authorizationState` reads, with who signed and when, for the board and a
   * family's status.
   */
  standing(activityId: number, childIds?: readonly number[]): Promise<StandingAuthorizationRow[]> {
    return this.repo().standing(activityId, childIds);
  }

  /** Every online signature member `userId` made, with its evidence (their data export). */
  ownSignatures(userId: number): Promise<OwnSignatureRow[]> {
    return this.repo().ownSignatures(userId);
  }

  /**
   * Deletes the autorizaciones kept past their retention: those of activities that ended more
   * than LIMITS.authorizationRetentionYears ago, with their paper scans. Returns how many went.
   */
  async sweepExpired(now = new Date()): Promise<number> {
    const before = new Date(now);
    before.setUTCFullYear(before.getUTCFullYear() - LIMITS.authorizationRetentionYears);
    let removed = 0;
    for (;;) {
      const expired = await this.repo().expired(before.toISOString(), 500);
      if (expired.length === 0) return removed;
      const keys = expired.map((a) => a.paper_key);
      await this.ctx.db.kysely.transaction().execute(async (trx) => {
        await markForDeletion(this.ctx, keys, trx);
        await this.repo(trx).remove(expired.map((a) => a.id));
      });
      await deleteMedia(this.ctx, keys);
      removed += expired.length;
    }
  }
}

/** The state of each given autorización as `authorizationState` reads it. */
export function givenOf(rows: readonly StandingAuthorizationRow[]): GivenAuthorization[] {
  return rows.map((r) => ({
    method: r.method,
    guardian_id: r.guardian_id,
    withdrawn_at: null,
    superseded_at: null,
  }));
}

/**
 * Activity `activityId`'s terms and child `childId`'s name, when the child is active and of the
 * activity's audience (the access policy's rule), which is no draft; the caller checked whose
 * child it is. Read in `db` (the signing's transaction, to decide and write in one).
 */
async function audienceTerms(
  db: Executor,
  activityId: number,
  childId: number,
): Promise<{ terms: ActivityTermsRow; childName: string }> {
  const [terms, inAudience] = await Promise.all([
    new AuthorizationsRepository(db).terms(activityId),
    activityAudienceChildren(db, [activityId], [childId]),
  ]);
  if (!terms || terms.status === 'borrador') throw new AppError(404, E.activityNotFound);
  const child = inAudience[0];
  if (!child) throw new AppError(404, E.childNotInActivity);
  return { terms, childName: child.full_name };
}

/** An activity that takes signatures now: published or closed to sign-ups, and not started. */
function signable(terms: ActivityTermsRow, now: number): void {
  if (terms.status !== 'publicada' && terms.status !== 'cerrada') {
    throw new AppError(409, E.notSignable);
  }
  if (Date.parse(terms.starts_at) <= now) throw new AppError(409, E.started);
}

/** Whether a session's Google sign-in is recent enough to confirm a signature. */
function recentGoogle(session: SignInOfSession): boolean {
  return (
    session.via === 'google' && session.iat * 1000 >= Date.now() - GOOGLE_SIGNATURE_MAX_AGE_S * 1000
  );
}

/** How the screen asks to confirm: by Google when the session is a recent one, or no password. */
function confirmationOffered(
  user: Pick<UserRow, 'password_hash'>,
  session: SignInOfSession,
): SignatureConfirmation {
  return recentGoogle(session) || !user.password_hash ? 'google' : 'password';
}

/**
 * How a signature is confirmed: the account's password when one is given (a wrong one refused
 * with nothing stored), else a Google sign-in of this session in the last minutes.
 */
async function confirm(
  user: Pick<UserRow, 'password_hash'>,
  password: string | undefined,
  session: SignInOfSession,
): Promise<SignatureConfirmation> {
  if (password) {
    if (!user.password_hash || !(await verifyPassword(password, user.password_hash))) {
      throw new AppError(400, E.passwordWrong, [{ field: 'password', message: E.passwordWrong }]);
    }
    return 'password';
  }
  if (recentGoogle(session)) return 'google';
  if (session.via === 'google' || !user.password_hash) throw new AppError(400, E.googleStale);
  throw new AppError(400, E.passwordRequired, [{ field: 'password', message: E.passwordRequired }]);
}

/** The PDF's file name. */
function pdfFileName(id: number): string {
  return `autorizacion-${id}.pdf`;
}
