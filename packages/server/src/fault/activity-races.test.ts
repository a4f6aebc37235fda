import { ACTIVITY_ERRORS } from '@fogata/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../lib/tokens.js';
import { createActivity, setActivity } from '../test/activity-factories.js';
import { buildTestApp, buildTestAppOnSameDatabase, type TestApp } from '../test/build-app.js';
import { createUser, type TestUser } from '../test/factories.js';
import { createChild, sectionId } from '../test/family-factories.js';

/*
 * Sign-ups at the same instant, from two instances on one database (on PostgreSQL really at
 * once; on SQLite one writer after the other): two guardians of one child, two families for the
 * last place, the deadline passing while requests arrive. Each gives one consistent answer: what
 * a request was told is what is stored. Rounds repeat each race so it is met, not hoped for.
 */

const ROUNDS = 6;

let t: TestApp;
let second: TestApp;
let admin: TestUser;
let tropa: number;
beforeAll(async () => {
  t = await buildTestApp();
  second = await buildTestAppOnSameDatabase(t);
  await t.app.ctx.mailQueue.stop();
  await second.app.ctx.mailQueue.stop();
  admin = await createUser(t.app, { role: 'admin' });
  tropa = await sectionId(t.app, 'Tropa');
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const signup = (
  app: FastifyInstance,
  user: TestUser,
  activity: number,
  child: number,
  going: boolean,
) =>
  app.inject({
    method: 'PUT',
    url: `/api/activities/${activity}/children/${child}/signup`,
    headers: user.headers,
    payload: { going, answers: {} },
  });

const stored = (activity: number) =>
  t.app.ctx.db.kysely
    .selectFrom('activity_signups')
    .select(['child_id', 'status'])
    .where('activity_id', '=', activity)
    .orderBy('child_id')
    .execute();

/** A family: a guardian and their Tropa child. */
async function family(): Promise<{ guardian: TestUser; child: number }> {
  const guardian = await createUser(t.app);
  return {
    guardian,
    child: await createChild(t.app, { sectionId: tropa, guardians: [guardian.row.id] }),
  };
}

describe('sign-ups at the same instant', () => {
  it('two guardians of one child: one row, holding one of the two answers, each told what it saved', async () => {
    const mother = await createUser(t.app);
    const father = await createUser(t.app);
    const child = await createChild(t.app, {
      sectionId: tropa,
      guardians: [mother.row.id, father.row.id],
    });
    for (let round = 0; round < ROUNDS; round += 1) {
      const { id } = await createActivity(t.app, admin, { section_ids: [tropa], places: 5 });
      const [a, b] = await Promise.all([
        signup(t.app, mother, id, child, true),
        signup(second.app, father, id, child, false),
      ]);
      expect([a.statusCode, b.statusCode], `${a.body} ${b.body}`).toEqual([200, 200]);
      expect(a.json().signup).toBe('va');
      expect(b.json().signup).toBe('no_va');
      const rows = await stored(id);
      expect(rows).toHaveLength(1);
      expect(['va', 'no_va']).toContain(rows[0]?.status);
      const audit = await t.app.ctx.db.kysely
        .selectFrom('audit_log')
        .select('details')
        .where('action', '=', 'activity.signup_changed')
        .where('target_id', '=', id)
        .orderBy('id')
        .execute();
      // The second write started from what the first left: their «from» and «to» chain.
      const chain = audit.map((entry) => JSON.parse(entry.details ?? '{}'));
      expect(chain).toHaveLength(2);
      expect(chain[0].from).toBe('Pendiente');
      expect(chain[1].from).toBe(chain[0].to);
    }
  });

  it('two families for the last place: one gets it, the other waits first in line', async () => {
    const families = [await family(), await family()] as const;
    for (let round = 0; round < ROUNDS; round += 1) {
      const { id } = await createActivity(t.app, admin, { section_ids: [tropa], places: 1 });
      const [a, b] = await Promise.all([
        signup(t.app, families[0].guardian, id, families[0].child, true),
        signup(second.app, families[1].guardian, id, families[1].child, true),
      ]);
      expect([a.statusCode, b.statusCode], `${a.body} ${b.body}`).toEqual([200, 200]);
      const told = [a.json(), b.json()].map((s) => s.signup).sort();
      expect(told).toEqual(['espera', 'va']);
      const waiting = [a.json(), b.json()].find((s) => s.signup === 'espera');
      expect(waiting.waiting_position).toBe(1);
      const rows = await stored(id);
      expect(rows.map((r) => r.status).sort()).toEqual(['espera', 'va']);
      for (const res of [a.json(), b.json()]) {
        expect(rows.find((r) => r.child_id === res.child_id)?.status).toBe(res.signup);
      }
    }
  });

  it('the deadline passing mid-request: each answer is saved exactly when it was told so', async () => {
    const many = await Promise.all(Array.from({ length: 8 }, () => family()));
    for (let round = 0; round < ROUNDS; round += 1) {
      const { id } = await createActivity(t.app, admin, { section_ids: [tropa] });
      await setActivity(t.app, id, { signup_deadline: nowIso(40) });
      const answers = await Promise.all(
        many.map(async ({ guardian, child }, i) => {
          await new Promise((resolve) => setTimeout(resolve, i * 10));
          return signup(i % 2 === 0 ? t.app : second.app, guardian, id, child, true);
        }),
      );
      const rows = await stored(id);
      many.forEach(({ child }, i) => {
        const res = answers[i] as (typeof answers)[number];
        const row = rows.find((r) => r.child_id === child);
        if (res.statusCode === 200) {
          expect(row?.status).toBe('va');
        } else {
          expect(res.statusCode, res.body).toBe(409);
          expect(res.json().message).toBe(ACTIVITY_ERRORS.signupsClosed);
          expect(row).toBeUndefined();
        }
      });
    }
  });
});
