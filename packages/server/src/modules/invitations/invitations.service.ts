import {
  ADMIN_PAGE_SIZE,
  ADMIN_PANEL_MESSAGES,
  type Invitation,
  type InvitationStatus,
  type InvitationsQuery,
  type InvitationVerifyResponse,
  type ResendInvitationResponse,
  ROUTES,
  type Role,
  SERVER_ERRORS,
  SERVER_SUCCESS,
  type SendInvitationsBody,
  type SendInvitationsResponse,
} from '@fogata/shared';
import { Access } from '../../access/access.js';
import type { AppContext } from '../../context.js';
import type { Db, Executor } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { hashToken, newLinkToken, nowIso } from '../../lib/tokens.js';
import { MailQueueRepository } from '../../mail/mail-queue.repository.js';
import type { MailMessage } from '../../mail/mailer.js';
import { invitationMail } from '../../mail/templates.js';
import { type AuditActor, recordAudit } from '../audit/audit.js';
import { type UserRow, UsersRepository } from '../users/users.repository.js';
import {
  type InvitationChildRow,
  type InvitationRow,
  InvitationsRepository,
} from './invitations.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * How long sending invitations (or a resend) waits on the mail server before answering: an
 * address not mailed by then is reported, and its mail goes on through the queue.
 */
export const INVITATION_MAIL_WAIT_MS = 5_000;

/** Status is computed, never stored: it follows `accepted_at` and the clock. */
function statusOf(row: InvitationRow, now: string): InvitationStatus {
  if (row.accepted_at) return 'accepted';
  return row.expires_at <= now ? 'expired' : 'pending';
}

function toInvitation(row: InvitationRow, now: string, children: InvitationChildRow[]): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    status: statusOf(row, now),
    expires_at: row.expires_at,
    created_at: row.created_at,
    children: children.map((c) => ({
      id: c.id,
      full_name: c.full_name,
      section: { id: c.section_id, name: c.section_name, colour: c.section_colour },
    })),
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

  /** The invitation mail to `email`. */
  private mail(email: string, role: Role, link: string, children: number): MailMessage {
    return invitationMail({
      to: email,
      groupName: this.ctx.config.group.name,
      role,
      link,
      days: this.ctx.config.invitationTtlDays,
      children,
    });
  }

  /**
   * Creates an invitation (replacing the open ones of that address) and returns its token; with
   * an `actor` (an admin, not the start-up's first-admin invitation) it goes in the audit trail.
   * With `queueMail`, its mail is queued in the same transaction: `mailId` is that row.
   * `children` are the children its account will be the guardian of (a re-invitation replaces
   * the open invitation, and with it the children it carried).
   */
  async create(
    email: string,
    role: Role,
    actor?: AuditActor,
    queueMail = false,
    children: readonly number[] = [],
  ): Promise<{ token: string; mailId: number | null }> {
    const token = newLinkToken();
    const now = Date.now();
    const expiresAt = this.expiry(now);
    const mailId = await this.ctx.db.kysely.transaction().execute(async (trx) => {
      const repo = new InvitationsRepository(trx);
      await repo.deleteOpenFor([email]);
      const row = await repo.insert({
        email,
        role,
        token_hash: hashToken(token),
        expires_at: expiresAt,
        created_at: new Date(now).toISOString(),
      });
      await repo.insertChildren(row.id, [...children]);
      if (actor) {
        await recordAudit(trx, {
          actor,
          action: 'invitation.sent',
          target: { type: 'invitation', id: row.id, label: email },
          // How many children, not who: the trail is read by every admin, for years.
          details: children.length ? { role, children: String(children.length) } : { role },
        });
      }
      if (!queueMail) return null;
      return this.ctx.mailQueue.enqueue(this.mail(email, role, this.link(token), children.length), {
        trx,
        expiresAt,
      });
    });
    return { token, mailId };
  }

  /**
   * Creates the invitations and mails them. The mails go through the queue, sent from here a few
   * at a time for at most INVITATION_MAIL_WAIT_MS, whatever the batch and the mail server: an
   * address whose mail has not gone out by then is reported in `errors`, its invitation stays
   * pending, and the queue goes on trying it: a slow mail server never fails the invitation.
   */
  async send(
    actor: AuditActor & { role: Role },
    body: SendInvitationsBody,
  ): Promise<SendInvitationsResponse> {
    const sent: SendInvitationsResponse['results']['sent'] = [];
    const errors: SendInvitationsResponse['results']['errors'] = [];
    const notMailed: string[] = [];
    // One address once: the last role (and children) given for it wins.
    const wanted = new Map<string, { role: Role; children: number[] }>();
    for (const { email, role, children } of body.invitations) {
      wanted.set(email.toLowerCase(), { role, children: [...new Set(children ?? [])] });
    }
    await this.checkChildren(
      actor,
      [...wanted.values()].flatMap((w) => w.children),
    );
    const taken = await new UsersRepository(this.ctx.db).existingEmails([...wanted.keys()]);
    const created: { email: string; link: string; mailId: number }[] = [];
    for (const [email, { role, children }] of wanted) {
      if (taken.has(email)) {
        errors.push({ email, error: SERVER_ERRORS.emailTaken });
        continue;
      }
      const { token, mailId } = await this.create(email, role, actor, true, children);
      created.push({ email, link: this.link(token), mailId: mailId as number });
    }
    const mailed = await this.ctx.mailQueue.sendNow(
      created.map((c) => c.mailId),
      INVITATION_MAIL_WAIT_MS,
    );
    for (const { email, link, mailId } of created) {
      if (!mailed.has(mailId)) {
        // The invitation stays, listed as pending: the queue retries, and the admin can resend.
        this.ctx.log.error({ email }, 'no se pudo enviar la invitación a tiempo');
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
   * Refuses the whole send when a child does not exist (400), or when `actor` does not manage it
   * (403), by the access policy's `child.manage`. (The route is the admin's today, decision 050;
   * the check is here so opening it to scouters changes no rule.)
   */
  private async checkChildren(actor: AuditActor & { role: Role }, ids: number[]): Promise<void> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return;
    const found = await new InvitationsRepository(this.ctx.db).existingChildren(unique);
    if (found.length !== unique.length) {
      throw new AppError(400, ADMIN_PANEL_MESSAGES.invitationChildNotFound);
    }
    const managed = await new Access(this.ctx).check(actor, 'child.manage', unique);
    if (unique.some((id) => !managed.has(id))) {
      throw new AppError(403, ADMIN_PANEL_MESSAGES.invitationChildNotManaged);
    }
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
    const children = (await repo.childrenOf([id])).length;
    // The new link replaces the old one once its mail is out, even if that is after the answer.
    const mailed = this.ctx.mailer
      .send(this.mail(row.email, row.role, link, children))
      .then(() => this.renew(id, token));
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), INVITATION_MAIL_WAIT_MS);
    });
    let renewed: boolean | 'late';
    try {
      renewed = await Promise.race([mailed, late]);
    } catch (err) {
      this.ctx.log.error({ err, email: row.email }, 'no se pudo reenviar la invitación');
      throw new AppError(502, SERVER_ERRORS.invitationResendFailed);
    } finally {
      clearTimeout(timer);
    }
    if (renewed === 'late') {
      mailed.catch((err: unknown) => {
        this.ctx.log.error({ err, email: row.email }, 'no se pudo reenviar la invitación');
      });
      this.ctx.log.error({ email: row.email }, 'el reenvío de la invitación no terminó a tiempo');
      throw new AppError(502, SERVER_ERRORS.invitationResendFailed);
    }
    // Accepted or revoked while the mail was on its way: the new link opens nothing.
    if (!renewed) throw new AppError(409, SERVER_ERRORS.invitationNotResendable);
    // The first mail, if the queue is still trying it, would now carry a dead link.
    await new MailQueueRepository(this.ctx.db).dropUnsent(row.email, this.link(''), nowIso());
    return {
      message: SERVER_SUCCESS.invitationResent(row.email),
      ...(this.ctx.mailer.outbox ? { link } : {}),
    };
  }

  /** Gives a pending invitation the link `token` with a new expiry; false if no longer pending. */
  private renew(id: number, token: string): Promise<boolean> {
    const now = Date.now();
    return new InvitationsRepository(this.ctx.db).renew(
      id,
      {
        token_hash: hashToken(token),
        expires_at: this.expiry(now),
        created_at: new Date(now).toISOString(),
      },
      new Date(now).toISOString(),
    );
  }

  /**
   * The invitations that match `query`, newest first, each with the children it carries: a page
   * when `page` or `limit` is given, else all of them. Three queries at most, whatever the page.
   */
  async list(query: InvitationsQuery = {}): Promise<{ items: Invitation[]; total: number }> {
    const now = nowIso();
    const repo = new InvitationsRepository(this.ctx.db);
    const { page, limit, ...filters } = query;
    const paged = page !== undefined || limit !== undefined;
    const size = limit ?? ADMIN_PAGE_SIZE;
    const { rows, total } = await repo.search(
      filters,
      now,
      paged ? { limit: size, offset: ((page ?? 1) - 1) * size } : null,
    );
    const children = await repo.childrenOf(rows.map((r) => r.id));
    const byInvitation = new Map<number, InvitationChildRow[]>();
    for (const c of children) {
      byInvitation.set(c.invitation_id, [...(byInvitation.get(c.invitation_id) ?? []), c]);
    }
    return {
      items: rows.map((row) => toInvitation(row, now, byInvitation.get(row.id) ?? [])),
      total,
    };
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

  /**
   * Creates in `trx` the account of `invitation` (its address and role), guardian of the children
   * the invitation carries: in the transaction that accepts it, so an account never exists
   * without its family links (decision 050).
   */
  static async createAccount(
    trx: Db | Executor,
    invitation: InvitationRow,
    account: { name: string; password_hash: string | null },
    now: string,
  ): Promise<UserRow> {
    const created = await new UsersRepository(trx).insert({
      ...account,
      email: invitation.email,
      role: invitation.role,
      avatar_key: null,
      created_at: now,
    });
    await new InvitationsRepository(trx).linkGuardians(invitation.id, created.id, now);
    return created;
  }

  async verify(token: string): Promise<InvitationVerifyResponse> {
    const row = await this.findUsable(token);
    return { email: row.email, role: row.role };
  }
}
