import { LIMITS, type LoginResult, SERVER_ERRORS, SERVER_SUCCESS } from '@fogata/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import {
  type OidcClient,
  type OidcIdentity,
  OidcTokenError,
  OidcUnavailableError,
} from '../../lib/oidc.js';
import { hashToken, newLinkToken, nowIso } from '../../lib/tokens.js';
import { InvitationsService } from '../invitations/invitations.service.js';
import { type UserRow, UsersRepository } from '../users/users.repository.js';
import { AuthService } from './auth.service.js';
import { OidcNoncesRepository } from './google.repository.js';

/** How long the popup has to come back with an ID token carrying the nonce. */
const NONCE_TTL_MS = 10 * 60 * 1000;

/** Sign-in with the external provider's ID token (Google by default). */
export class GoogleAuthService {
  constructor(private readonly ctx: AppContext) {}

  private client(): OidcClient {
    if (!this.ctx.oidc) throw new AppError(404, SERVER_ERRORS.externalDisabled);
    return this.ctx.oidc;
  }

  /** A fresh single-use nonce for the provider's authorization request; only its hash is kept. */
  async issueNonce(): Promise<{ nonce: string }> {
    this.client();
    const nonce = newLinkToken();
    const repo = new OidcNoncesRepository(this.ctx.db);
    const now = nowIso();
    await repo.deleteExpired(now);
    await repo.insert(hashToken(nonce), nowIso(NONCE_TTL_MS), now);
    return { nonce };
  }

  /**
   * Exchanges an ID token for a session: the user with that verified e-mail; else, with a pending
   * invitation for it, a new account with the invitation's role; else a 403. Never an account
   * without an invitation, never an unverified address.
   */
  async login(idToken: string): Promise<LoginResult> {
    const identity = await this.verify(idToken);
    const auth = new AuthService(this.ctx);
    const existing = await new UsersRepository(this.ctx.db).findByEmail(identity.email);
    if (existing)
      return { ...(await auth.session(existing, 'google')), message: SERVER_SUCCESS.login };
    const created = await this.registerInvited(identity);
    return { ...(await auth.session(created, 'google')), message: SERVER_SUCCESS.register };
  }

  /** Checks an ID token like the sign-in does (signature, claims, our unused nonce, consumed). */
  async verify(idToken: string): Promise<OidcIdentity> {
    const client = this.client();
    let identity: OidcIdentity;
    try {
      identity = await client.verify(idToken);
    } catch (err) {
      if (err instanceof OidcUnavailableError) {
        this.ctx.log.error({ err }, 'proveedor de identidad no disponible');
        throw new AppError(503, SERVER_ERRORS.externalProviderUnavailable);
      }
      if (err instanceof OidcTokenError) {
        this.ctx.log.info({ reason: err.reason, detail: err.message }, 'token externo rechazado');
        if (err.reason === 'unverified') {
          throw new AppError(403, SERVER_ERRORS.externalEmailUnverified);
        }
        if (err.reason === 'nonce') throw new AppError(401, SERVER_ERRORS.externalNonceInvalid);
        throw new AppError(401, SERVER_ERRORS.externalTokenInvalid);
      }
      throw err;
    }
    // The nonce must be one we issued, unused and unexpired: a token caught on its way (or
    // replayed) signs nobody in.
    const fresh = await new OidcNoncesRepository(this.ctx.db).consume(
      hashToken(identity.nonce),
      nowIso(),
    );
    if (!fresh) throw new AppError(401, SERVER_ERRORS.externalNonceInvalid);
    return identity;
  }

  /** Creates the account of an invited address and accepts its invitation, in one transaction. */
  private async registerInvited(identity: OidcIdentity): Promise<UserRow> {
    const now = nowIso();
    const invitation = await new InvitationsService(this.ctx).findPendingByEmail(
      identity.email,
      now,
    );
    if (!invitation) throw new AppError(403, SERVER_ERRORS.externalInvitationRequired);
    // The provider's name as a person wrote it, less any NUL (no database should keep one).
    const name = (identity.name ?? identity.email.split('@')[0] ?? identity.email)
      .replaceAll('\u0000', '')
      .slice(0, LIMITS.profileNameMax);
    return this.ctx.db.kysely
      .transaction()
      .execute(async (trx) => {
        if (!(await InvitationsService.accept(trx, invitation.id, now))) {
          throw new AppError(403, SERVER_ERRORS.externalInvitationRequired);
        }
        // No password: this account signs in through the provider (or sets one with
        // "¿Olvidaste tu contraseña?"). The family the invitation carried comes with it.
        return InvitationsService.createAccount(
          trx,
          invitation,
          { name, password_hash: null },
          now,
        );
      })
      .catch((err: unknown) => {
        // The same person signing in twice at once: the unique index lets one through.
        throw isUniqueViolation(err) ? new AppError(409, SERVER_ERRORS.emailTaken) : err;
      });
  }
}
