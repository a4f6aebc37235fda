import {
  LIMITS,
  type LoginResult,
  type RegisterInvitedBody,
  ROUTES,
  SERVER_ERRORS,
  SERVER_SUCCESS,
} from '@fogata/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { type SignInMethod, signSession } from '../../lib/session-token.js';
import { hashToken, newLinkToken, nowIso } from '../../lib/tokens.js';
import { passwordResetMail } from '../../mail/templates.js';
import { InvitationsService } from '../invitations/invitations.service.js';
import { type UserRow, UsersRepository } from '../users/users.repository.js';
import { toUser } from '../users/users.service.js';
import { PasswordResetsRepository } from './auth.repository.js';

/** Sign-in, password recovery and registration by invitation. */
export class AuthService {
  private dummyHash: Promise<string> | null = null;

  constructor(private readonly ctx: AppContext) {}

  /** `{ user, token }` for a freshly signed-in user; `via`: opened by an external sign-in. */
  async session(row: UserRow, via?: SignInMethod): Promise<Omit<LoginResult, 'message'>> {
    const token = await signSession(row, this.ctx.jwtKey, via);
    return { user: toUser(row, this.ctx.mediaUrls), token };
  }

  async login(email: string, password: string): Promise<LoginResult> {
    const row = await new UsersRepository(this.ctx.db).findByEmail(email.toLowerCase());
    // An unknown address still costs one scrypt, so timing does not tell which addresses exist.
    this.dummyHash ??= hashPassword('fogata-dummy-password', this.ctx.config.scryptCost);
    const stored = row?.password_hash ?? (await this.dummyHash);
    const ok = await verifyPassword(password, stored);
    if (!row?.password_hash || !ok) throw new AppError(401, SERVER_ERRORS.invalidCredentials);
    return { ...(await this.session(row)), message: SERVER_SUCCESS.login };
  }

  /**
   * Queues a reset link when the address has an account; the answer never tells which. The mail
   * leaves after the answer (decision 010), and both cases do the same work up to the insert:
   * a token made, one writing transaction, one look-up, so neither timing nor the mail server
   * gives an account away.
   */
  async forgotPassword(email: string): Promise<{ message: string }> {
    const token = newLinkToken();
    const tokenHash = hashToken(token);
    const expiresAt = nowIso(LIMITS.passwordResetTtlMs);
    await this.ctx.db.kysely.transaction().execute(async (trx) => {
      const row = await new UsersRepository(trx).findByEmail(email.toLowerCase());
      if (!row) return;
      await new PasswordResetsRepository(trx).insert(row.id, tokenHash, expiresAt, nowIso());
      const mail = passwordResetMail({
        to: row.email,
        groupName: this.ctx.config.group.name,
        link: `${this.ctx.config.publicUrl}${ROUTES.resetPassword.getHref(token)}`,
      });
      // A mail that cannot leave before the link dies is not worth sending.
      await this.ctx.mailQueue.enqueue(mail, { trx, expiresAt });
    });
    // Committed: the worker can see the row now. A look at an empty queue costs nothing.
    this.ctx.mailQueue.kick();
    return { message: SERVER_SUCCESS.forgotPassword };
  }

  /**
   * Sets a new password with a reset token. The token is looked up before the password is hashed,
   * so a flood of made-up tokens costs no scrypt; it is consumed after, in the transaction, so two
   * requests with one token still change the password once.
   */
  async resetPassword(token: string, password: string): Promise<{ message: string }> {
    const tokenHash = hashToken(token);
    const usable = await new PasswordResetsRepository(this.ctx.db).findUsable(tokenHash, nowIso());
    if (usable === null) {
      throw new AppError(400, SERVER_ERRORS.resetTokenInvalid);
    }
    const passwordHash = await hashPassword(password, this.ctx.config.scryptCost);
    await this.ctx.db.kysely.transaction().execute(async (trx) => {
      const resets = new PasswordResetsRepository(trx);
      const now = nowIso();
      const userId = await resets.consume(tokenHash, now);
      if (userId === null) throw new AppError(400, SERVER_ERRORS.resetTokenInvalid);
      // Ends every session opened with the old password (a stolen token stops working too).
      await new UsersRepository(trx).update(userId, {
        password_hash: passwordHash,
        password_changed_at: now,
      });
      await resets.invalidateAllFor(userId, now);
    });
    return { message: SERVER_SUCCESS.resetPassword };
  }

  /** Accepts the invitation and creates the account in one transaction. */
  async registerInvited(body: RegisterInvitedBody): Promise<LoginResult> {
    const invitations = new InvitationsService(this.ctx);
    const invitation = await invitations.findUsable(body.token);
    // Whatever can refuse cheaply does so before the scrypt (the transaction checks again).
    if (await new UsersRepository(this.ctx.db).emailExists(invitation.email)) {
      throw new AppError(409, SERVER_ERRORS.emailTaken);
    }
    const passwordHash = await hashPassword(body.password, this.ctx.config.scryptCost);
    const row = await this.ctx.db.kysely
      .transaction()
      .execute(async (trx) => {
        const users = new UsersRepository(trx);
        if (await users.emailExists(invitation.email)) {
          throw new AppError(409, SERVER_ERRORS.emailTaken);
        }
        const now = nowIso();
        if (!(await InvitationsService.accept(trx, invitation.id, now))) {
          throw new AppError(404, SERVER_ERRORS.invitationInvalid);
        }
        // The family the invitation carried: linked with the account, or neither exists.
        return InvitationsService.createAccount(
          trx,
          invitation,
          { name: body.name, password_hash: passwordHash },
          now,
        );
      })
      .catch((err: unknown) => {
        // Two registrations of the same address racing: the unique index decides.
        throw isUniqueViolation(err) ? new AppError(409, SERVER_ERRORS.emailTaken) : err;
      });
    return { ...(await this.session(row)), message: SERVER_SUCCESS.register };
  }
}
