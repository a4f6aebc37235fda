import {
  type ActivityList,
  CAMP_ERRORS,
  CAMP_MSG,
  type ChildHealth,
  type HealthReadsPage,
  type HealthRecord,
  SERVER_ERRORS,
} from '@fogata/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { addSignup, daysFromNow, insertActivity } from '../../test/activity-factories.js';
import { testAppPerFile } from '../../test/app-per-file.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createChildRow } from '../../test/family-factories.js';
import { countQueries } from '../../test/gallery-factories.js';
import { ALLERGY, addStaff, healthInput, insertHealth } from '../../test/health-factories.js';
import { HealthService } from './health.service.js';

/*
 * La ficha sanitaria: its guardians keep it, confirm it and see who read it; the staff of an
 * activity the child goes to read it from two days before it starts until it ends, each reading
 * logged; nobody else reaches it (404, the same as a ficha that does not exist).
 */

const t = testAppPerFile();
const db = () => t.app.ctx.db.kysely;

let admin: TestUser;
let scouter: TestUser;
let other: TestUser;
let mother: TestUser;
let father: TestUser;
beforeAll(async () => {
  admin = await createUser(t.app, { role: 'admin', name: 'Ana Admin' });
  scouter = await createUser(t.app, { role: 'scouter', name: 'Sergio Scouter' });
  other = await createUser(t.app, { role: 'scouter', name: 'Olga Otra' });
  mother = await createUser(t.app, { name: 'Lucía Gómez' });
  father = await createUser(t.app, { name: 'Pablo Ruiz' });
});

async function child(name = 'Nora Ruiz', guardians = [mother.row.id, father.row.id]) {
  return (await createChildRow(t.app, { name, guardians })).id;
}

/** An activity starting in `startsIn` days, lasting two, with `scouter` as staff. */
async function camp(startsIn: number, opts: { title?: string; cancelled?: boolean } = {}) {
  const { id } = await insertActivity(t.app, {
    title: opts.title ?? 'Campamento de verano',
    startsAt: daysFromNow(startsIn),
    endsAt: daysFromNow(startsIn + 2),
    ...(opts.cancelled && { status: 'cancelada' as const }),
  });
  await addStaff(t.app, id, scouter.row.id);
  return id;
}

const req = (
  user: TestUser,
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  payload?: Record<string, unknown>,
) => t.app.inject({ method, url, headers: user.headers, ...(payload && { payload }) });

const health = (id: number) => `/api/children/${id}/health`;

describe('the guardians’ ficha', () => {
  it('is empty and due until filled; saved whole, it reads back exactly and is no longer due', async () => {
    const id = await child();
    const empty = await req(mother, 'GET', health(id));
    expect(empty.statusCode).toBe(200);
    expect(empty.headers['cache-control']).toBe('no-store');
    expect(empty.json()).toEqual({ record: null, confirm_due: true } satisfies ChildHealth);

    const saved = await req(mother, 'PUT', health(id), healthInput());
    expect(saved.statusCode).toBe(200);
    const record = saved.json<HealthRecord>();
    expect(record).toEqual({
      ...healthInput(),
      updated_at: record.updated_at,
      confirmed_at: record.updated_at,
    });
    // The other guardian reads the same, to the byte.
    const read = await req(father, 'GET', health(id));
    expect(read.json()).toEqual({ record, confirm_due: false });
    expect(read.body).toBe(JSON.stringify({ record, confirm_due: false }));
  });

  it('is sealed in the database: no field of it in clear', async () => {
    const id = await child();
    await req(mother, 'PUT', health(id), healthInput());
    const row = await db()
      .selectFrom('health_records')
      .selectAll()
      .where('child_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.sealed).toMatch(/^v1\.[\w-]{8}\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(JSON.stringify(row)).not.toContain('cacahuete');
    expect(JSON.stringify(row)).not.toContain('Ventolín');
    expect(row.updated_by).toBe(mother.row.id);
  });

  it('is refused, with the Spanish message of the field, when a contact’s phone is wrong', async () => {
    const id = await child();
    const bad = healthInput({
      contacts: [
        { name: 'Lucía Gómez', relation: 'Madre', phone: 'llámame' },
        { name: 'Pablo Ruiz', relation: 'Padre', phone: '600 333 444' },
      ],
    });
    const res = await req(mother, 'PUT', health(id), bad);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: CAMP_MSG.contactPhoneInvalid,
      errors: [{ field: 'contacts.0.phone', message: CAMP_MSG.contactPhoneInvalid }],
    });
    const one = await req(mother, 'PUT', health(id), { ...healthInput(), contacts: [] });
    expect(one.json()).toMatchObject({ message: CAMP_MSG.contactsInvalid });
    expect((await req(mother, 'GET', health(id))).json()).toEqual({
      record: null,
      confirm_due: true,
    });
  });

  it('answers 404 «Ficha sanitaria no encontrada.» to an admin, a scouter, another family and for no child', async () => {
    const id = await child();
    await req(mother, 'PUT', health(id), healthInput());
    const stranger = await createUser(t.app, { name: 'Otra Familia' });
    for (const user of [admin, scouter, stranger]) {
      for (const [method, url, payload] of [
        ['GET', health(id)],
        ['PUT', health(id), healthInput()],
        ['POST', `${health(id)}/confirm`, {}],
        ['GET', `${health(id)}/reads`],
      ] as const) {
        const res = await req(user, method, url, payload);
        expect(res.statusCode, `${user.row.name} ${method} ${url}`).toBe(404);
        expect(res.body).toBe(JSON.stringify({ message: CAMP_ERRORS.healthNotFound }));
      }
    }
    const missing = await req(mother, 'GET', health(99999));
    expect(missing.json()).toEqual({ message: CAMP_ERRORS.healthNotFound });
    const anonymous = await t.app.inject({ url: health(id) });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: SERVER_ERRORS.unauthenticated });
  });
});

describe('confirming it is up to date', () => {
  it('asks for a ficha first, and for an activity the child goes to', async () => {
    const id = await child();
    const activity = await camp(20);
    const none = await req(mother, 'POST', `${health(id)}/confirm`, {});
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual({ message: CAMP_ERRORS.healthMissing });
    await req(mother, 'PUT', health(id), healthInput());
    const notSigned = await req(mother, 'POST', `${health(id)}/confirm`, { activity_id: activity });
    expect(notSigned.statusCode).toBe(409);
    expect(notSigned.json()).toEqual({ message: CAMP_ERRORS.healthNotSignedUp });
    await addSignup(t.app, activity, id, 'no_va');
    const notGoing = await req(mother, 'POST', `${health(id)}/confirm`, { activity_id: activity });
    expect(notGoing.json()).toEqual({ message: CAMP_ERRORS.healthNotSignedUp });
    const rows = await db().selectFrom('activity_health_confirmations').selectAll().execute();
    expect(rows.filter((r) => r.child_id === id)).toEqual([]);
  });

  it('for an activity keeps the ficha as it stood, sealed; for the round only moves the date', async () => {
    const id = await child();
    const activity = await camp(20);
    await addSignup(t.app, activity, id, 'espera');
    const service = new HealthService(t.app.ctx);
    await service.save(mother.row, id, healthInput(), new Date('2026-05-01T10:00:00Z'));
    const due = await service.get(mother.row, id, new Date('2026-09-02T10:00:00Z'));
    expect(due.confirm_due).toBe(true);

    const confirmed = await service.confirm(
      father.row,
      id,
      activity,
      new Date('2026-09-03T10:00:00Z'),
    );
    expect(confirmed).toEqual({
      ...healthInput(),
      updated_at: '2026-05-01T10:00:00.000Z',
      confirmed_at: '2026-09-03T10:00:00.000Z',
    });
    expect((await service.get(mother.row, id, new Date('2026-09-04T10:00:00Z'))).confirm_due).toBe(
      false,
    );
    const kept = await db()
      .selectFrom('activity_health_confirmations')
      .selectAll()
      .where('child_id', '=', id)
      .execute();
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({
      activity_id: activity,
      confirmed_by: father.row.id,
      confirmed_at: '2026-09-03T10:00:00.000Z',
    });
    expect(t.app.ctx.sealedBox.open(kept[0]?.sealed ?? '')).toEqual(healthInput());

    // Through the API: the answer is the record.
    const res = await req(mother, 'POST', `${health(id)}/confirm`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json<HealthRecord>().allergies).toBe(ALLERGY);
  });

  it('goes in the audit trail by the child’s number, never its content', async () => {
    const id = await child();
    const activity = await camp(20);
    await addSignup(t.app, activity, id, 'va');
    await req(mother, 'PUT', health(id), healthInput());
    await req(mother, 'POST', `${health(id)}/confirm`, { activity_id: activity });
    const entries = await db()
      .selectFrom('audit_log')
      .select(['actor_name', 'action', 'target_type', 'target_id', 'target_label', 'details'])
      .where('target_type', '=', 'child')
      .where('target_id', '=', id)
      .orderBy('id')
      .execute();
    expect(entries).toEqual([
      {
        actor_name: 'Lucía Gómez',
        action: 'health.saved',
        target_type: 'child',
        target_id: id,
        target_label: null,
        details: null,
      },
      {
        actor_name: 'Lucía Gómez',
        action: 'health.confirmed',
        target_type: 'child',
        target_id: id,
        target_label: null,
        details: JSON.stringify({ activity: String(activity) }),
      },
    ]);
  });
});

describe('the staff’s reading, in the camp window', () => {
  const staffUrl = (activity: number, id: number) => `/api/activities/${activity}/health/${id}`;

  it('shows a going child’s ficha to the staff from two days before, logged; the family sees who', async () => {
    const id = await child();
    const activity = await camp(1.5, { title: 'Campamento de Pascua' });
    await addSignup(t.app, activity, id, 'va');
    await req(mother, 'PUT', health(id), healthInput());
    await req(mother, 'POST', `${health(id)}/confirm`, { activity_id: activity });
    const mine = (await req(mother, 'GET', health(id))).json<ChildHealth>();

    const res = await req(scouter, 'GET', staffUrl(activity, id));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const confirmedAt = mine.record?.confirmed_at;
    expect(res.body).toBe(
      JSON.stringify({
        child_id: id,
        name: 'Nora Ruiz',
        health: mine.record,
        health_confirmed_at: confirmedAt,
      }),
    );

    const log = await req(father, 'GET', `${health(id)}/reads`);
    expect(log.statusCode).toBe(200);
    const page = log.json<HealthReadsPage>();
    expect(page.total).toBe(1);
    expect(page.page_size).toBe(20);
    expect(page.items).toEqual([
      {
        id: page.items[0]?.id,
        reader_name: 'Sergio Scouter',
        activity_id: activity,
        activity_title: 'Campamento de Pascua',
        via: 'ficha',
        read_at: page.items[0]?.read_at,
      },
    ]);
  });

  it('is a 404 before the window, after the end, when cancelled, for others and for a child who does not go', async () => {
    const id = await child();
    const waiting = await child('Leo Ruiz');
    await insertHealth(t.app, id);
    await insertHealth(t.app, waiting);
    const early = await camp(2.2);
    const over = await camp(-3);
    const cancelled = await camp(1, { cancelled: true });
    const now = await camp(-0.5);
    for (const a of [early, over, cancelled, now]) await addSignup(t.app, a, id, 'va');
    await addSignup(t.app, now, waiting, 'espera');
    await addStaff(t.app, now, admin.row.id);

    const denied: [TestUser, number, number][] = [
      [scouter, early, id],
      [scouter, over, id],
      [scouter, cancelled, id],
      [scouter, now, waiting],
      [other, now, id],
      [scouter, 99999, id],
    ];
    for (const [user, a, c] of denied) {
      const res = await req(user, 'GET', staffUrl(a, c));
      expect(res.statusCode, `${user.row.name} ${a} ${c}`).toBe(404);
      expect(res.body).toBe(JSON.stringify({ message: CAMP_ERRORS.healthNotFound }));
    }
    // An admin who is not staff: the same 404. One who is staff reads it.
    const outsider = await createUser(t.app, { role: 'admin' });
    expect((await req(outsider, 'GET', staffUrl(now, id))).statusCode).toBe(404);
    expect((await req(admin, 'GET', staffUrl(now, id))).statusCode).toBe(200);
    // A family cannot ask at all.
    const family = await req(mother, 'GET', staffUrl(now, id));
    expect(family.statusCode).toBe(403);
    expect(family.json()).toEqual({ message: SERVER_ERRORS.forbidden });

    const reads = await db()
      .selectFrom('health_reads')
      .select(['child_id', 'reader_name'])
      .where('child_id', 'in', [id, waiting])
      .execute();
    expect(reads).toEqual([{ child_id: id, reader_name: admin.row.name }]);
  });
});

describe('readForCamp (the camp pack and its PDF)', () => {
  it('gives every going child by name, a ficha or null, and logs one reading per ficha', async () => {
    const activity = await camp(1, { title: 'Ruta por Gredos' });
    const zoe = await child('Zoe Arias');
    const bruno = await child('Bruno Arias');
    const ines = await child('Inés Arias');
    const absent = await child('Álex Arias');
    await insertHealth(t.app, zoe);
    await insertHealth(t.app, bruno, healthInput({ allergies: 'Ninguna' }));
    await insertHealth(t.app, absent);
    for (const c of [zoe, bruno, ines]) await addSignup(t.app, activity, c, 'va');
    await addSignup(t.app, activity, absent, 'no_va');
    const service = new HealthService(t.app.ctx);

    const pack = await service.readForCamp(scouter.row, activity, 'pack');
    expect(pack.map((c) => [c.child_id, c.health?.allergies ?? null])).toEqual([
      [bruno, 'Ninguna'],
      [ines, null],
      [zoe, ALLERGY],
    ]);
    expect(pack.every((c) => c.health_confirmed_at === null)).toBe(true);
    const only = await service.readForCamp(scouter.row, activity, 'pdf', [zoe, absent]);
    expect(only.map((c) => c.child_id)).toEqual([zoe]);

    const reads = await db()
      .selectFrom('health_reads')
      .select(['child_id', 'via', 'reader_name', 'activity_title'])
      .where('activity_id', '=', activity)
      .orderBy('id')
      .execute();
    expect(reads).toEqual([
      {
        child_id: bruno,
        via: 'pack',
        reader_name: 'Sergio Scouter',
        activity_title: 'Ruta por Gredos',
      },
      {
        child_id: zoe,
        via: 'pack',
        reader_name: 'Sergio Scouter',
        activity_title: 'Ruta por Gredos',
      },
      {
        child_id: zoe,
        via: 'pdf',
        reader_name: 'Sergio Scouter',
        activity_title: 'Ruta por Gredos',
      },
    ]);
    // The same number of queries for three children as for one.
    const three = await countQueries(t.app, () =>
      service.readForCamp(scouter.row, activity, 'pack'),
    );
    const one = await countQueries(t.app, () =>
      service.readForCamp(scouter.row, activity, 'pack', [zoe]),
    );
    expect(three.queries).toBe(one.queries);
    expect(three.queries).toBeLessThanOrEqual(5);
    await expect(service.readForCamp(other.row, activity, 'pack')).rejects.toMatchObject({
      statusCode: 404,
      message: CAMP_ERRORS.healthNotFound,
    });
  });
});

describe('the family’s view of an activity', () => {
  it('says whether each child’s ficha is filled and confirmed for that activity', async () => {
    const parent = await createUser(t.app, { name: 'Marta Sanz' });
    const filled = await child('Carla Sanz', [parent.row.id]);
    await child('Diego Sanz', [parent.row.id]);
    const first = await camp(30, { title: 'Marcha de otoño' });
    const second = await camp(40, { title: 'Marcha de invierno' });
    await addSignup(t.app, first, filled, 'va');
    await req(parent, 'PUT', health(filled), healthInput());
    await req(parent, 'POST', `${health(filled)}/confirm`, { activity_id: first });

    const list = (await req(parent, 'GET', '/api/activities')).json<ActivityList>();
    const states = list.upcoming
      .filter((a) => a.id === first || a.id === second)
      .map((a) => [a.title, a.children.map((c) => [c.child_name, c.health])]);
    expect(states).toEqual([
      [
        'Marcha de otoño',
        [
          ['Carla Sanz', { filled: true, confirmed_for_activity: true }],
          ['Diego Sanz', { filled: false, confirmed_for_activity: false }],
        ],
      ],
      [
        'Marcha de invierno',
        [
          ['Carla Sanz', { filled: true, confirmed_for_activity: false }],
          ['Diego Sanz', { filled: false, confirmed_for_activity: false }],
        ],
      ],
    ]);
    const detail = await req(parent, 'GET', `/api/activities/${first}`);
    expect(
      detail.json<{ children: { health: unknown }[] }>().children.map((c) => c.health),
    ).toEqual([
      { filled: true, confirmed_for_activity: true },
      { filled: false, confirmed_for_activity: false },
    ]);
    // Nothing of the ficha itself travels with the activity.
    expect(detail.body).not.toContain('cacahuete');
  });
});

describe('the member’s data export', () => {
  it('carries their children’s fichas and who read them, and nobody else’s', async () => {
    const parent = await createUser(t.app, { name: 'Rosa Vega' });
    const mine = await child('Iker Vega', [parent.row.id]);
    await child('Ane Vega', [parent.row.id]);
    const theirs = await child('Otro Niño', [mother.row.id]);
    await insertHealth(t.app, theirs, healthInput({ allergies: 'Alergia ajena' }));
    await req(parent, 'PUT', health(mine), healthInput());
    const activity = await camp(1, { title: 'Excursión al río' });
    await addSignup(t.app, activity, mine, 'va');
    await req(scouter, 'GET', `/api/activities/${activity}/health/${mine}`);

    const res = await req(parent, 'GET', '/api/profile/me/export');
    expect(res.statusCode).toBe(200);
    const { children } = res.json<{
      children: { full_name: string; health: { record: HealthRecord | null; reads: unknown[] } }[];
    }>();
    const byName = new Map(children.map((c) => [c.full_name, c.health]));
    expect(byName.get('Ane Vega')).toEqual({ record: null, reads: [] });
    const iker = byName.get('Iker Vega');
    expect(iker?.record).toMatchObject(healthInput());
    expect(iker?.reads).toEqual([
      expect.objectContaining({
        reader_name: 'Sergio Scouter',
        activity_title: 'Excursión al río',
        via: 'ficha',
      }),
    ]);
    expect(res.body).not.toContain('Alergia ajena');
  });
});
