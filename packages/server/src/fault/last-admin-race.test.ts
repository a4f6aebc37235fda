// Two admins acting on each other at the same instant, many rounds: whatever the timing, the group
// keeps an admin, and the loser is refused as it would be in sequence.
import { SERVER_ERRORS } from '@fogata/shared';
import { describe, expect, it } from 'vitest';
import { testAppPerFile } from '../test/app-per-file.js';
import { createUser, type TestUser } from '../test/factories.js';

const ROUNDS = 30;
const SEQUENTIAL_REFUSALS = [
  { status: 409, body: { message: SERVER_ERRORS.lastAdmin } },
  { status: 403, body: { message: SERVER_ERRORS.adminOnly } },
  { status: 401, body: { message: SERVER_ERRORS.invalidToken } },
];

const t = testAppPerFile();

type Action = 'demote' | 'delete';

function act(actor: TestUser, target: TestUser, action: Action) {
  return action === 'demote'
    ? t.app.inject({
        method: 'PUT',
        url: `/api/admin/users/${target.row.id}/role`,
        headers: actor.headers,
        payload: { role: 'usuario' },
      })
    : t.app.inject({
        method: 'DELETE',
        url: `/api/admin/users/${target.row.id}`,
        headers: actor.headers,
      });
}

async function adminCount(): Promise<number> {
  const row = await t.app.ctx.db.kysely
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('role', '=', 'admin')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A group whose only admins are a fresh pair. */
async function twoAdmins(): Promise<[TestUser, TestUser]> {
  await t.app.ctx.db.kysely
    .updateTable('users')
    .set({ role: 'usuario' })
    .where('role', '=', 'admin')
    .execute();
  return [await createUser(t.app, { role: 'admin' }), await createUser(t.app, { role: 'admin' })];
}

describe('the last admin under concurrent requests', () => {
  const pairs: [Action, Action][] = [
    ['demote', 'demote'],
    ['delete', 'delete'],
    ['demote', 'delete'],
  ];
  for (const [first, second] of pairs) {
    it(`keeps an admin when two admins ${first} and ${second} each other at once (${ROUNDS} rounds)`, async () => {
      for (let round = 0; round < ROUNDS; round += 1) {
        const [a, b] = await twoAdmins();
        const [ra, rb] = await Promise.all([act(a, b, first), act(b, a, second)]);
        expect(await adminCount()).toBe(1);
        const [winner, loser] = ra.statusCode === 200 ? [ra, rb] : [rb, ra];
        expect(winner.statusCode).toBe(200);
        // Caught mid-way: the last admin. Caught after the winner: what a request in sequence
        // gets from an actor already demoted (403) or deleted (401).
        expect(SEQUENTIAL_REFUSALS).toContainEqual({
          status: loser.statusCode,
          body: loser.json(),
        });
      }
    });
  }
});
