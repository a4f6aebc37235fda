import { SERVER_SUCCESS } from '@fogata/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, buildTestAppOnSameDatabase, type TestApp } from '../test/build-app.js';
import { createUser, type TestUser } from '../test/factories.js';
import { createChild, createSection, sectionId } from '../test/family-factories.js';

/*
 * Two admins saving the same thing at once, from two instances on one database (on PostgreSQL,
 * really at once; on SQLite, one writer after the other): each save gives one consistent result
 * and a message that is true of it. Rounds repeat the race so it is met, not hoped for.
 */

const ROUNDS = 6;

let t: TestApp;
let second: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  second = await buildTestAppOnSameDatabase(t);
  admin = await createUser(t.app, { role: 'admin' });
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const send = (app: FastifyInstance, method: 'POST' | 'PUT', url: string, payload: object) =>
  app.inject({ method, url, headers: admin.headers, payload });

describe('a new consent text saved by two admins at once', () => {
  it('saves both, one version after the other, each told its own version', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const bodies = [`Texto A, ronda ${round}.`, `Texto B, ronda ${round}.`];
      const [a, b] = await Promise.all([
        send(t.app, 'POST', '/api/consents/texts', { body: bodies[0] }),
        send(second.app, 'POST', '/api/consents/texts', { body: bodies[1] }),
      ]);
      expect([a.statusCode, b.statusCode], `${a.body} ${b.body}`).toEqual([201, 201]);
      const versions = [a, b].map((res, i) => {
        const { message, text } = res.json();
        expect(text.body).toBe(bodies[i]);
        expect(message).toBe(SERVER_SUCCESS.consentTextCreated(text.version));
        return text.version as number;
      });
      expect(Math.abs((versions[0] as number) - (versions[1] as number))).toBe(1);
    }
    const texts = (
      await t.app.inject({ url: '/api/consents/texts', headers: admin.headers })
    ).json();
    expect(texts).toHaveLength(1 + 2 * ROUNDS);
  });
});

describe("a section's scouters set by two admins at once", () => {
  it('ends with one of the two lists whole, each answered with the list it saved', async () => {
    const section = await createSection(t.app);
    const scouters: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      scouters.push((await createUser(t.app, { role: 'scouter' })).row.id);
    }
    const [u1, u2, u3, u4] = scouters as [number, number, number, number];
    const url = `/api/sections/${section}/scouters`;
    for (let round = 0; round < ROUNDS; round += 1) {
      await send(t.app, 'PUT', url, { user_ids: [u1, u2, u3, u4] });
      const lists = [
        [u1, u2],
        [u2, u3],
      ];
      const [a, b] = await Promise.all([
        send(t.app, 'PUT', url, { user_ids: lists[0] }),
        send(second.app, 'PUT', url, { user_ids: lists[1] }),
      ]);
      expect([a.statusCode, b.statusCode], `${a.body} ${b.body}`).toEqual([200, 200]);
      const ids = (res: { json(): { scouters: { id: number }[] } }) =>
        res
          .json()
          .scouters.map((s) => s.id)
          .sort((x, y) => x - y);
      expect(a.json().message).toBe(SERVER_SUCCESS.sectionScoutersUpdated);
      expect(b.json().message).toBe(SERVER_SUCCESS.sectionScoutersUpdated);
      expect(ids(a)).toEqual(lists[0]);
      expect(ids(b)).toEqual(lists[1]);
      const now = await t.app.inject({ url, headers: admin.headers });
      expect(lists).toContainEqual(
        now
          .json()
          .map((s: { id: number }) => s.id)
          .sort((x: number, y: number) => x - y),
      );
    }
  });
});

describe('the paso de sección applied while the same child is edited', () => {
  /** A child's stays as stored. */
  const stays = (childId: number) =>
    t.app.ctx.db.kysely
      .selectFrom('child_sections')
      .select(['section_id', 'started_at', 'ended_at'])
      .where('child_id', '=', childId)
      .orderBy('id')
      .execute();

  it.each(['Tropa', 'Unidad'])(
    'leaves one open stay, in the section the child is in, and none ending before it starts (edit to %s)',
    async (editTo) => {
      const manada = await sectionId(t.app, 'Manada');
      const tropa = await sectionId(t.app, 'Tropa');
      const target = await sectionId(t.app, editTo);
      for (let round = 0; round < ROUNDS; round += 1) {
        const child = await createChild(t.app, { sectionId: manada, birthDate: '2014-01-01' });
        const [paso, edit] = await Promise.all([
          send(t.app, 'POST', '/api/children/promotion', {
            moves: [{ child_id: child, section_id: tropa }],
          }),
          send(second.app, 'PUT', `/api/children/${child}`, { section_id: target }),
        ]);
        expect([paso.statusCode, edit.statusCode], `${paso.body} ${edit.body}`).toEqual([200, 200]);
        const rows = await stays(child);
        const open = rows.filter((row) => row.ended_at === null);
        expect(open, JSON.stringify(rows)).toHaveLength(1);
        for (const row of rows) {
          if (row.ended_at !== null)
            expect(row.ended_at >= row.started_at, JSON.stringify(rows)).toBe(true);
        }
        const current = await t.app.ctx.db.kysely
          .selectFrom('children')
          .select('section_id')
          .where('id', '=', child)
          .executeTakeFirstOrThrow();
        expect(open[0]?.section_id).toBe(current.section_id);
        // The paso says whether it moved the child: true of what the stays show.
        const moved = paso.json().moved as number;
        expect(paso.json().message).toBe(SERVER_SUCCESS.promotionApplied(moved));
      }
    },
  );
});
