import {
  type Invitation,
  type InvitationStatus,
  type InvitationVerifyResponse,
  type ResendInvitationResponse,
  ROUTES,
  type Role,
  SERVER_ERRORS,
  SERVER_SUCCESS,
  type SendInvitationsBody,
  type SendInvitationsResponse,
} from '@fogata/shared';
import type { AppContext } from '../../context.js';
import type { Db, Executor } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { hashToken, newLinkToken, nowIso } from '../../lib/tokens.js';
import { invitationMail } from '../../mail/templates.js';
import { type AuditActor, recordAudit } from '../audit/audit.js';
import { UsersRepository } from '../users/users.repository.js';
import { type InvitationRow, InvitationsRepository } from './invitations.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Status is computed, never stored: it follows `accepted_at` and the clock. */
function statusOf(row: InvitationRow, now: string): InvitationStatus {
  if (row.accepted_at) return 'accepted';
  return row.expires_at <= now ? 'expired' : 'pending';
}

function toInvitation(row: InvitationRow, now: string): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    status: statusOf(row, now),
    expires_at: row.expires_at,
    created_at: row.created_at,
  };
}

/** Invitations: the only way into Fogata. */
export class InvitationsService {
  constructor(private readonly ctx: AppContext) {}

  /** The registration link an invitation token opens. */
  link(token: string): string {
    return `${this.ctx.config.publicUrl}${ROUTES.register.getHref(token)}`;
  }

  /** When a link made now expires. */
  private expiry(now: number): string {
    return new Date(now + this.ctx.config.invitationTtlDays * DAY_MS).toISOString();
  }

  /** Mails the invitation to `email`; throws when the mail server refuses or is down. */
  private mail(email: string, role: Role, link: string): Promise<void> {
    return this.ctx.mailer.send(
      invitationMail({
        to: email,
        groupName: this.ctx.config.group.name,
        role,
        link,
        days: this.ctx.config.invitationTtlDays,
      }),
    );
  }

  /**
   * Creates an invitation (replacing the open ones of that address) and returns its token; with
   * an `actor` (an admin, not the start-up's first-admin invitation) it goes in the audit trail.
   */
  async create(email: string, role: Role, actor?: AuditActor): Promise<string> {
    const token = newLinkToken();
    const now = Date.now();
    await this.ctx.db.kysely.transaction().execute(async (trx) => {
      const repo = new InvitationsRepository(trx);
      await repo.deleteOpenFor([email]);
      const row = await repo.insert({
        email,
        role,
        token_hash: hashToken(token),
        expires_at: this.expiry(now),
        created_at: new Date(now).toISOString(),
      });
      if (actor) {
        await recordAudit(trx, {
          actor,
          action: 'invitation.sent',
          target: { type: 'invitation', id: row.id, label: email },
          details: { role },
        });
      }
    });
    return token;
  }

  async send(actor: AuditActor, body: SendInvitationsBody): Promise<SendInvitationsResponse> {
    const sent: SendInvitationsResponse['results']['sent'] = [];
    const errors: SendInvitationsResponse['results']['errors'] = [];
    const notMailed: string[] = [];
    // One address once: the last role given for it wins.
    const wanted = new Map<string, Role>();
    for (const { email, role } of body.invitations) wanted.set(email.toLowerCase(), role);
    const taken = await new UsersRepository(this.ctx.db).existingEmails([...wanted.keys()]);
    for (const [email, role] of wanted) {
      if (taken.has(email)) {
        errors.push({ email, error: SERVER_ERRORS.emailTaken });
        continue;
      }
      const token = await this.create(email, role, actor);
      const link = this.link(token);
      try {
        await this.mail(email, role, link);
      } catch (err) {
        // The invitation stays, listed as pending: the admin can resend it from the list.
        this.ctx.log.error({ err, email }, 'no se pudo enviar la invitación');
        errors.push({ email, error: SERVER_ERRORS.invitationMailFailed });
        notMailed.push(email);
        continue;
      }
      // Without SMTP the link goes back to the admin, who passes it on by hand.
      sent.push(this.ctx.mailer.outbox ? { email, link } : { email });
    }
    const message = SERVER_SUCCESS.invitationsSent(sent.length);
    return {
      message: notMailed.length
        ? `${message} ${SERVER_SUCCESS.invitationsNotMailed(notMailed)}`
        : message,
      results: { sent, errors },
    };
  }

  /**
   * Sends a pending invitation again with a new link and a new expiry. The new link replaces the
   * old one only once its e-mail has gone out: when the mail server fails, nothing changes.
   */
  async resend(id: number): Promise<ResendInvitationResponse> {
    const repo = new InvitationsRepository(this.ctx.db);
    const row = await repo.findById(id);
    if (!row) throw new AppError(404, SERVER_ERRORS.invitationNotFound);
    if (statusOf(row, nowIso()) !== 'pending') {
      throw new AppError(409, SERVER_ERRORS.invitationNotResendable);
    }
    const token = newLinkToken();
    const link = this.link(token);
    try {
      await this.mail(row.email, row.role, link);
    } catch (err) {
      this.ctx.log.error({ err, email: row.email }, 'no se pudo reenviar la invitación');
      throw new AppError(502, SERVER_ERRORS.invitationResendFailed);
    }
    const now = Date.now();
    const renewed = await repo.renew(
      id,
      {
        token_hash: hashToken(token),
        expires_at: this.expiry(now),
        created_at: new Date(now).toISOString(),
      },
      new Date(now).toISOString(),
    );
    // Accepted or revoked while the mail was on its way: the new link opens nothing.
    if (!renewed) throw new AppError(409, SERVER_ERRORS.invitationNotResendable);
    return {
      message: SERVER_SUCCESS.invitationResent(row.email),
      ...(this.ctx.mailer.outbox ? { link } : {}),
    };
  }

  async list(): Promise<Invitation[]> {
    const now = nowIso();
    const rows = await new InvitationsRepository(this.ctx.db).list();
    return rows.map((row) => toInvitation(row, now));
  }

  async revoke(actor: AuditActor, id: number): Promise<{ message: string }> {
    await this.ctx.db.kysely.transaction().execute(async (trx) => {
      const repo = new InvitationsRepository(trx);
      const row = await repo.findById(id);
      if (!row) throw new AppError(404, SERVER_ERRORS.invitationNotFound);
      if (statusOf(row, nowIso()) !== 'pending') {
        throw new AppError(409, SERVER_ERRORS.invitationNotPending);
      }
      await repo.delete(id);
      await recordAudit(trx, {
        actor,
        action: 'invitation.revoked',
        target: { type: 'invitation', id, label: row.email },
        details: { role: row.role },
      });
    });
    return { message: SERVER_SUCCESS.invitationRevoked };
  }

  /** The pending, unexpired invitation of `token`; 404 when unknown or used, 410 when expired. */
  async findUsable(token: string): Promise<InvitationRow> {
    const row = await new InvitationsRepository(this.ctx.db).findByTokenHash(hashToken(token));
    if (!row || row.accepted_at) throw new AppError(404, SERVER_ERRORS.invitationInvalid);
    if (row.expires_at <= nowIso()) throw new AppError(410, SERVER_ERRORS.invitationExpired);
    return row;
  }

  /** The newest pending, unexpired invitation of `email` (an external sign-in's), if any. */
  findPendingByEmail(email: string, now: string): Promise<InvitationRow | undefined> {
    return new InvitationsRepository(this.ctx.db).findPendingByEmail(email, now);
  }

  /**
   * Accepts invitation `id` in `trx`, the transaction that creates its account; false when it is
   * no longer pending (another request took it first).
   */
  static accept(trx: Db | Executor, id: number, now: string): Promise<boolean> {
    return new InvitationsRepository(trx).accept(id, now);
  }

  async verify(token: string): Promise<InvitationVerifyResponse> {
    const row = await this.findUsable(token);
    return { email: row.email, role: row.role };
  }
}
