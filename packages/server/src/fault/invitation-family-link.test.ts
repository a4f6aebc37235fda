// An invitation that carries children links them in the transaction that creates the account
// (decision 050): when the link cannot be written, there is no account either, and the invitation
// stays usable. The guardians table is taken away for one registration to make the link fail.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-app.js';
import { createInvitation } from '../test/factories.js';
import { createChildRow, guardedBy } from '../test/family-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

function register(token: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/register-invited',
    payload: { token, name: 'Familia Atómica', password: 'clave-de-la-familia' },
  });
}

describe('registering from an invitation that carries children', () => {
  it('creates the account and its links together, or neither', async () => {
    const child = await createChildRow(t.app, { name: 'Educando Atómico' });
    const inv = await createInvitation(t.app, { email: 'atomica@example.org' });
    const db = t.app.ctx.db.kysely;
    await db
      .insertInto('invitation_children')
      .values({ invitation_id: inv.id, child_id: child.id })
      .execute();

    await sql`alter table guardians rename to guardians_away`.execute(db);
    let failed: Awaited<ReturnType<typeof register>>;
    try {
      failed = await register(inv.token);
    } finally {
      await sql`alter table guardians_away rename to guardians`.execute(db);
    }
    expect(failed.statusCode).toBe(500);
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'atomica@example.org')
      .executeTakeFirst();
    expect(user).toBeUndefined();
    const row = await db
      .selectFrom('invitations')
      .select('accepted_at')
      .where('id', '=', inv.id)
      .executeTakeFirstOrThrow();
    expect(row.accepted_at).toBeNull();

    const ok = await register(inv.token);
    expect(ok.statusCode).toBe(201);
    expect(await guardedBy(t.app, ok.json().user.id)).toEqual([child.id]);
  });
});
