import { CAMP_ERRORS } from '@fogata/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSignup, insertActivity } from '../../test/activity-factories.js';
import { buildTestApp, buildTestAppOnSameDatabase, type TestApp } from '../../test/build-app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createChildRow } from '../../test/family-factories.js';
import { ALLERGY, healthInput, insertHealth } from '../../test/health-factories.js';
import { eraseDueHealthData } from './health-erasure.js';

/*
 * Retention of health data: what was confirmed for an activity goes `health_retention_days` after
 * it ends, the ficha of a child who leaves goes with them, and a restart between two runs loses
 * nothing (the job keeps no state: the database says what is due).
 */

let t: TestApp;
let admin: TestUser;
let mother: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.app, { role: 'admin', name: 'Ana Admin' });
  mother = await createUser(t.app, { name: 'Lucía Gómez' });
});
afterAll(() => t.close());

const db = () => t.app.ctx.db.kysely;

async function confirmedFor(activity: number) {
  const rows = await db()
    .selectFrom('activity_health_confirmations')
    .select('child_id')
    .where('activity_id', '=', activity)
    .execute();
  return rows.map((row) => row.child_id);
}

async function erasedAt(activity: number) {
  const row = await db()
    .selectFrom('activities')
    .select('health_erased_at')
    .where('id', '=', activity)
    .executeTakeFirstOrThrow();
  return row.health_erased_at;
}

async function confirm(app: TestApp, childId: number, activity: number) {
  const res = await app.app.inject({
    method: 'POST',
    url: `/api/children/${childId}/health/confirm`,
    headers: mother.headers,
    payload: { activity_id: activity },
  });
  expect(res.statusCode).toBe(200);
}

describe('the health erasure job', () => {
  it('erases an activity’s confirmations 30 days after its end, across a restart, once', async () => {
    const child = (await createChildRow(t.app, { name: 'Nora Ruiz', guardians: [mother.row.id] }))
      .id;
    await insertHealth(t.app, child);
    const { id: camp } = await insertActivity(t.app, {
      title: 'Campamento de verano',
      startsAt: '2026-07-01T08:00:00.000Z',
      endsAt: '2026-07-15T16:00:00.000Z',
    });
    const { id: later } = await insertActivity(t.app, {
      startsAt: '2026-08-01T08:00:00.000Z',
      endsAt: '2026-08-10T16:00:00.000Z',
    });
    await addSignup(t.app, camp, child, 'va');
    await addSignup(t.app, later, child, 'va');
    await confirm(t, child, camp);
    await confirm(t, child, later);

    // The first process: 29 days after the end, nothing is due.
    const first = await buildTestAppOnSameDatabase(t);
    expect(await eraseDueHealthData(first.app.ctx, new Date('2026-08-13T16:00:00.000Z'))).toEqual({
      activities: 0,
      records: 0,
    });
    await first.close();
    expect(await confirmedFor(camp)).toEqual([child]);
    expect(await erasedAt(camp)).toBeNull();

    // Restarted (a new app on the same database), 30 days after the end: the camp's go, the later
    // activity's stay, and the ficha itself stays.
    const second = await buildTestAppOnSameDatabase(t);
    const at = new Date('2026-08-14T16:00:00.000Z');
    expect(await eraseDueHealthData(second.app.ctx, at)).toEqual({ activities: 1, records: 0 });
    expect(await confirmedFor(camp)).toEqual([]);
    expect(await erasedAt(camp)).toBe(at.toISOString());
    expect(await confirmedFor(later)).toEqual([child]);
    // Run again (or after another restart): nothing more, the mark keeps its first date.
    expect(await eraseDueHealthData(second.app.ctx, new Date('2026-08-15T16:00:00.000Z'))).toEqual({
      activities: 0,
      records: 0,
    });
    await second.close();
    expect(await erasedAt(camp)).toBe(at.toISOString());
    const ficha = await db()
      .selectFrom('health_records')
      .select('child_id')
      .where('child_id', '=', child)
      .execute();
    expect(ficha).toEqual([{ child_id: child }]);

    // An erased activity takes no new confirmation.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/children/${child}/health/confirm`,
      headers: mother.headers,
      payload: { activity_id: camp },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: CAMP_ERRORS.healthNotSignedUp });
  });

  it('follows the group’s retention setting', async () => {
    const child = (await createChildRow(t.app, { guardians: [mother.row.id] })).id;
    await insertHealth(t.app, child);
    const { id } = await insertActivity(t.app, {
      startsAt: '2026-09-01T08:00:00.000Z',
      endsAt: '2026-09-02T16:00:00.000Z',
    });
    await addSignup(t.app, id, child, 'va');
    await confirm(t, child, id);
    await db()
      .updateTable('group_settings')
      .set({ value: '7' })
      .where('key', '=', 'health_retention_days')
      .execute();
    try {
      await eraseDueHealthData(t.app.ctx, new Date('2026-09-09T15:00:00.000Z'));
      expect(await confirmedFor(id)).toEqual([child]);
      await eraseDueHealthData(t.app.ctx, new Date('2026-09-09T16:00:00.000Z'));
      expect(await confirmedFor(id)).toEqual([]);
    } finally {
      await db()
        .updateTable('group_settings')
        .set({ value: '30' })
        .where('key', '=', 'health_retention_days')
        .execute();
    }
  });

  it('removes the ficha of a child who leaves, at once through the children module and by the job', async () => {
    const leaving = (await createChildRow(t.app, { name: 'Pau Vidal', guardians: [mother.row.id] }))
      .id;
    const left = (await createChildRow(t.app, { name: 'Eva Vidal', guardians: [mother.row.id] }))
      .id;
    const staying = (await createChildRow(t.app, { guardians: [mother.row.id] })).id;
    for (const c of [leaving, left, staying]) await insertHealth(t.app, c);

    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/children/${leaving}`,
      headers: admin.headers,
      payload: { active: false },
    });
    expect(res.statusCode).toBe(200);
    const fichas = async () =>
      (
        await db()
          .selectFrom('health_records')
          .select('child_id')
          .where('child_id', 'in', [leaving, left, staying])
          .orderBy('child_id')
          .execute()
      ).map((row) => row.child_id);
    expect(await fichas()).toEqual([left, staying]);

    // Leaving in the paso de sección: the same, at once.
    const clan = (await createChildRow(t.app, { section: 'Clan', guardians: [mother.row.id] })).id;
    await insertHealth(t.app, clan);
    const paso = await t.app.inject({
      method: 'POST',
      url: '/api/children/promotion',
      headers: admin.headers,
      payload: { moves: [{ child_id: clan, section_id: null }] },
    });
    expect(paso.statusCode).toBe(200);
    const clanFicha = await db()
      .selectFrom('health_records')
      .select('child_id')
      .where('child_id', '=', clan)
      .execute();
    expect(clanFicha).toEqual([]);

    // One who left another way (straight in the database): the job takes it.
    await db().updateTable('children').set({ active: 0 }).where('id', '=', left).execute();
    expect(await eraseDueHealthData(t.app.ctx)).toMatchObject({ records: 1 });
    expect(await fichas()).toEqual([staying]);

    // A child deleted takes their ficha and their log with them.
    await db()
      .insertInto('health_reads')
      .values({
        child_id: staying,
        reader_id: admin.row.id,
        reader_name: 'Ana Admin',
        activity_id: null,
        activity_title: 'Campamento',
        via: 'ficha',
        read_at: new Date().toISOString(),
      })
      .execute();
    await db().deleteFrom('child_sections').where('child_id', '=', staying).execute();
    await db().deleteFrom('children').where('id', '=', staying).execute();
    expect(await fichas()).toEqual([]);
    const reads = await db()
      .selectFrom('health_reads')
      .select('id')
      .where('child_id', '=', staying)
      .execute();
    expect(reads).toEqual([]);
  });

  it('answers 503 with the key message to a server with another key, and reads with the same', async () => {
    const child = (await createChildRow(t.app, { guardians: [mother.row.id] })).id;
    await insertHealth(t.app, child, healthInput());
    const url = `/api/children/${child}/health`;
    const same = await buildTestAppOnSameDatabase(t);
    const other = await buildTestAppOnSameDatabase(t, {
      healthKey: Buffer.alloc(32, 7).toString('base64url'),
    });
    try {
      const ok = await same.app.inject({ url, headers: mother.headers });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().record.allergies).toBe(ALLERGY);
      const wrong = await other.app.inject({ url, headers: mother.headers });
      expect(wrong.statusCode).toBe(503);
      expect(wrong.body).toBe(JSON.stringify({ message: CAMP_ERRORS.healthKeyMismatch }));
    } finally {
      await other.close();
      await same.close();
    }
  });
});
