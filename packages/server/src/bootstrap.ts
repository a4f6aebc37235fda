import type { FastifyInstance } from 'fastify';
import { hashPassword } from './lib/passwords.js';
import { nowIso } from './lib/tokens.js';
import { InvitationsRepository } from './modules/invitations/invitations.repository.js';
import { InvitationsService } from './modules/invitations/invitations.service.js';
import { UsersRepository } from './modules/users/users.repository.js';

export const FIRST_ADMIN_PLACEHOLDER = 'admin@fogata.local';

/**
 * First start: while the database has no admin, create the one from ADMIN_EMAIL/ADMIN_PASSWORD,
 * or else an admin invitation whose link is printed, so the first admin registers like anyone.
 * Returns the printed link, if any.
 */
export async function bootstrap(app: FastifyInstance): Promise<string | null> {
  const { config, db } = app.ctx;
  const users = new UsersRepository(db);
  if ((await users.countByRole('admin')) > 0) return null;

  const { email, password, name } = config.admin;
  if (email && password) {
    const existing = await users.findByEmail(email);
    const passwordHash = await hashPassword(password, config.scryptCost);
    if (existing) {
      // A new password, as after any change: the account's older sessions end.
      await users.update(existing.id, {
        role: 'admin',
        password_hash: passwordHash,
        password_changed_at: nowIso(),
      });
    } else {
      await users.insert({
        name,
        email,
        password_hash: passwordHash,
        role: 'admin',
        avatar_key: null,
        created_at: nowIso(),
      });
    }
    console.log(`Primer inicio: cuenta de administración creada para ${email}.`);
    return null;
  }

  // A fresh link on every start until someone uses one: the old ones stop working.
  await new InvitationsRepository(db).deleteOpenAdminInvitations();
  const invitations = new InvitationsService(app.ctx);
  const { token } = await invitations.create(email ?? FIRST_ADMIN_PLACEHOLDER, 'admin');
  const link = invitations.link(token);
  console.log(`Primer inicio: crea la cuenta de administración en ${link}`);
  return link;
}
