import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CAMP_ERRORS, type HealthRecordInput } from '@fogata/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup } from '../backup/backup.js';
import { activityInput, setActivity } from '../test/activity-factories.js';
import { buildTestApp, buildTestAppOnSameDatabase, type TestApp } from '../test/build-app.js';
import { createUser, type TestUser } from '../test/factories.js';
import { assignScouter, createChildRow, sectionId } from '../test/family-factories.js';
import { eraseDueHealthData } from './health/health-erasure.js';

/*
 * On camp through the API, on the suite's database (SQLite in the unit run, PostgreSQL in the pg
 * run): a family fills the ficha sanitaria and confirms it for the Tropa's campamento; its staff
 * read it only in the camp window, and nobody else ever; the family sees who read it; no copy of
 * the data (the database, a backup) holds it in clear; the camp pack, «Pasar lista» from two
 * phones, the erasure after a restart, and the certificado negativo that a staff member needs.
 * The browser walks the same story in e2e/camp.spec.ts.
 */

const ALLERGY = 'Alergia al cacahuete';
const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();
/** The day in Madrid of instant `iso`, as the roll names days. */
const madridDay = (iso: string) =>
  new Date(iso).toLocaleDateString('sv-SE', { timeZone: 'Europe/Madrid' });

const FICHA: HealthRecordInput = {
  allergies: ALLERGY,
  medications: [
    {
      name: 'Adrenalina autoinyectable',
      dose: '0,3 mg',
      schedule: 'Si hay reacción',
      scouters_may_give: true,
    },
  ],
  diet: 'Sin frutos secos',
  conditions: '',
  health_card: 'ARAG 1234567890',
  can_swim: 'con_ayuda',
  notes: '',
  contacts: [
    { name: 'Ana Pérez Gil', relation: 'Madre', phone: '+34 600 111 222' },
    { name: 'Pablo Ruiz Soto', relation: 'Padre', phone: '600 333 444' },
  ],
};

let t: TestApp;
/** The app after the restart, on the same database; it is closed before `t`'s cleanup. */
let restarted: TestApp | null = null;
let admin: TestUser;
let nerea: TestUser; // the scouter in charge: staff
let iker: TestUser; // another scouter of the Tropa: staff too, for «Pasar lista»
let sergio: TestUser; // a scouter of the Tropa who does not go
let rosa: TestUser; // a scouter whose certificado is out of date
let ana: TestUser; // Lucas's mother
let lucas: number;
let tropa: number;
let campamento: number;
let salida: number;

const api = (
  user: TestUser,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => {
  const app = restarted?.app ?? t.app;
  return app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
};

async function created(user: TestUser, input: Parameters<typeof activityInput>[0]) {
  const res = await api(
    user,
    'POST',
    '/api/activities',
    activityInput({ publish: true, ...input }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
}

const recordCertificate = async (user: TestUser, issuedOn: string) => {
  const res = await api(admin, 'POST', '/api/safeguarding/certificates', {
    user_id: user.row.id,
    issued_on: issuedOn,
  });
  expect(res.statusCode, res.body).toBe(201);
};

const readFicha = (user: TestUser) =>
  api(user, 'GET', `/api/activities/${campamento}/health/${lucas}`);

/** The camp window moved: the campamento starts and ends at these instants. */
const moveCampamento = (startsAt: string, endsAt: string) =>
  setActivity(t.app, campamento, { starts_at: startsAt, ends_at: endsAt });

beforeAll(async () => {
  t = await buildTestApp();
  const { app } = t;
  admin = await createUser(app, { role: 'admin', name: 'Marta Jefa' });
  nerea = await createUser(app, { role: 'scouter', name: 'Nerea Scouter' });
  iker = await createUser(app, { role: 'scouter', name: 'Iker Scouter' });
  sergio = await createUser(app, { role: 'scouter', name: 'Sergio Scouter' });
  rosa = await createUser(app, { role: 'scouter', name: 'Rosa Caducada' });
  for (const s of [nerea, iker, sergio, rosa]) await assignScouter(app, s.row.id, 'Tropa');
  ana = await createUser(app, { name: 'Ana Pérez Gil' });
  tropa = await sectionId(app, 'Tropa');
  lucas = (
    await createChildRow(app, {
      name: 'Lucas Ruiz Pérez',
      section: 'Tropa',
      guardians: [ana.row.id],
    })
  ).id;
}, 60_000);

afterAll(async () => {
  await restarted?.close();
  await t?.close();
});

describe('the ficha sanitaria of a campamento of the Tropa', () => {
  it('the admin records the certificados; the scouter in charge is named and is staff', async () => {
    const today = madridDay(new Date().toISOString());
    for (const s of [nerea, iker, sergio]) await recordCertificate(s, today);
    campamento = await created(admin, {
      title: 'Campamento de verano',
      section_ids: [tropa],
      starts_at: at(20 * DAY),
      ends_at: at(25 * DAY),
      meeting_at: at(20 * DAY - HOUR),
      return_at: at(25 * DAY + HOUR),
      signup_deadline: at(10 * DAY),
      in_charge_id: nerea.row.id,
    });
    const joined = await api(iker, 'POST', `/api/activities/${campamento}/staff`, {
      user_id: iker.row.id,
    });
    expect(joined.statusCode, joined.body).toBe(201);
    const staff = await api(nerea, 'GET', `/api/activities/${campamento}/staff`);
    expect(staff.statusCode, staff.body).toBe(200);
    expect(staff.json().mine).toBe(true);
    expect(
      staff
        .json()
        .staff.map((s: { user_id: number }) => s.user_id)
        .sort(),
    ).toEqual([nerea.row.id, iker.row.id].sort());
  });

  it('the family fills the ficha, signs Lucas up and confirms it for the campamento', async () => {
    const empty = await api(ana, 'GET', `/api/children/${lucas}/health`);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toEqual({ record: null, confirm_due: true });

    const saved = await api(ana, 'PUT', `/api/children/${lucas}/health`, FICHA);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject(FICHA);

    const signup = await api(ana, 'PUT', `/api/activities/${campamento}/children/${lucas}/signup`, {
      going: true,
      answers: {},
    });
    expect(signup.statusCode, signup.body).toBe(200);
    expect(signup.json().signup).toBe('va');

    const healthOf = async () =>
      (await api(ana, 'GET', `/api/activities/${campamento}`))
        .json()
        .children.find((c: { child_id: number }) => c.child_id === lucas)?.health;
    const before = await healthOf();
    const confirmed = await api(ana, 'POST', `/api/children/${lucas}/health/confirm`, {
      activity_id: campamento,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // The activity's page asked for the confirmation, and no longer does.
    expect([before, await healthOf()]).toEqual([
      { filled: true, confirmed_for_activity: false },
      { filled: true, confirmed_for_activity: true },
    ]);
  });

  it('the staff read it from two days before the start until the end, not before nor after', async () => {
    // Twenty days ahead: not yet.
    let res = await readFicha(nerea);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(CAMP_ERRORS.healthNotFound);

    await moveCampamento(at(3 * DAY), at(5 * DAY));
    res = await readFicha(nerea);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(CAMP_ERRORS.healthNotFound);
    expect(res.body).not.toContain(ALLERGY);

    await moveCampamento(at(2 * DAY - HOUR), at(5 * DAY));
    res = await readFicha(nerea);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      child_id: lucas,
      name: 'Lucas Ruiz Pérez',
      health: { allergies: ALLERGY, contacts: FICHA.contacts },
    });
    expect(res.json().health_confirmed_at).toEqual(expect.any(String));
  });

  it('another scouter of the Tropa and the admin get 404, and leave no reading', async () => {
    for (const who of [sergio, admin]) {
      const res = await readFicha(who);
      expect(res.statusCode, who.row.name).toBe(404);
      expect(res.json().message).toBe(CAMP_ERRORS.healthNotFound);
      // Nor through the family's own call: the same 404.
      const own = await api(who, 'GET', `/api/children/${lucas}/health`);
      expect(own.statusCode, who.row.name).toBe(404);
      expect(own.json().message).toBe(CAMP_ERRORS.healthNotFound);
    }
    const reads = await t.app.ctx.db.kysely
      .selectFrom('health_reads')
      .select('reader_id')
      .execute();
    expect(reads.map((r) => r.reader_id)).toEqual([nerea.row.id]);
  });

  it('the camp pack goes to the staff, not to others', async () => {
    const pack = await api(nerea, 'GET', `/api/activities/${campamento}/camp-pack`);
    expect(pack.statusCode, pack.body).toBe(200);
    expect(pack.headers['cache-control']).toContain('no-store');
    const child = pack.json().children.find((c: { child_id: number }) => c.child_id === lucas);
    expect(child).toMatchObject({ name: 'Lucas Ruiz Pérez', health: { allergies: ALLERGY } });
    expect(Date.parse(pack.json().wipe_at)).toBeLessThanOrEqual(Date.parse(at(5 * DAY)) + 1000);

    for (const who of [sergio, admin]) {
      const res = await api(who, 'GET', `/api/activities/${campamento}/camp-pack`);
      expect(res.statusCode, who.row.name).toBe(404);
      expect(res.json().message).toBe(CAMP_ERRORS.campPackNotFound);
      expect(res.body).not.toContain(ALLERGY);
    }
    const family = await api(ana, 'GET', `/api/activities/${campamento}/camp-pack`);
    expect(family.statusCode).toBe(403);
    expect(family.body).not.toContain(ALLERGY);
  });

  it('the family sees who read the ficha, from which activity and how', async () => {
    const res = await api(ana, 'GET', `/api/children/${lucas}/health/reads`);
    expect(res.statusCode, res.body).toBe(200);
    const reads = res.json() as {
      items: { reader_name: string; activity_id: number; activity_title: string; via: string }[];
      total: number;
    };
    // Newest first: the pack, then the reading on screen; nobody else.
    expect(reads.items.map((r) => [r.reader_name, r.activity_title, r.via])).toEqual([
      ['Nerea Scouter', 'Campamento de verano', 'pack'],
      ['Nerea Scouter', 'Campamento de verano', 'ficha'],
    ]);
    expect(reads.total).toBe(2);
    // Not a reading for others to see.
    expect((await api(sergio, 'GET', `/api/children/${lucas}/health/reads`)).body).not.toContain(
      'Nerea Scouter',
    );
  });

  it('«Pasar lista» from two phones, one of them offline, gives one record per cell: the later mark', async () => {
    const day = madridDay(at(2 * DAY - HOUR));
    const url = `/api/activities/${campamento}/attendance`;
    const mark = (moment: string, present: boolean, markedAt: string) => ({
      child_id: lucas,
      day,
      moment,
      present,
      marked_at: markedAt,
    });
    const t0 = Date.now();
    // Iker, with no signal, marks the salida absent at t0 and the noche absent at t0 + 10 min.
    const ikerOffline = [
      mark('salida', false, new Date(t0).toISOString()),
      mark('noche', false, new Date(t0 + 10 * 60_000).toISOString()),
    ];
    // Nerea, online, marks the salida present at t0 + 5 min and the noche present at t0 + 5 min.
    const nereaOnline = [
      mark('salida', true, new Date(t0 + 5 * 60_000).toISOString()),
      mark('noche', true, new Date(t0 + 5 * 60_000).toISOString()),
    ];
    const first = await api(nerea, 'POST', url, { marks: nereaOnline });
    expect(first.statusCode, first.body).toBe(200);
    // The signal comes back: Iker's marks arrive late, and once more (a resend).
    for (let i = 0; i < 2; i += 1) {
      const late = await api(iker, 'POST', url, { marks: ikerOffline });
      expect(late.statusCode, late.body).toBe(200);
    }
    const res = await api(iker, 'GET', url);
    expect(res.statusCode, res.body).toBe(200);
    const marks = (
      res.json().marks as { moment: string; present: boolean; marked_by_name: string }[]
    )
      .map((m) => [m.moment, m.present, m.marked_by_name])
      .sort();
    expect(marks).toEqual([
      ['noche', false, 'Iker Scouter'],
      ['salida', true, 'Nerea Scouter'],
    ]);
    const rows = await t.app.ctx.db.kysely
      .selectFrom('attendance_marks')
      .select(['moment'])
      .where('activity_id', '=', campamento)
      .execute();
    expect(rows).toHaveLength(2);

    // A scouter who does not go sees the activity but cannot mark, nor read the roll.
    const outsider = await api(sergio, 'POST', url, { marks: ikerOffline });
    expect(outsider.statusCode).toBe(403);
    expect((await api(sergio, 'GET', url)).statusCode).toBe(403);
    const after = await api(nerea, 'GET', url);
    expect(after.json().marks).toEqual(res.json().marks);
  });

  it('the staff get 404 the day after the end', async () => {
    await moveCampamento(at(-4 * DAY), at(-DAY));
    const res = await readFicha(nerea);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(CAMP_ERRORS.healthNotFound);
    const pack = await api(nerea, 'GET', `/api/activities/${campamento}/camp-pack`);
    expect(pack.statusCode).toBe(404);
    expect(pack.body).not.toContain(ALLERGY);
  });
});

describe('no copy of the data holds the ficha in clear', () => {
  it('the database: sealed rows, and no allergy in any file byte or text column', async () => {
    const sealed = await t.app.ctx.db.kysely
      .selectFrom('health_records')
      .select(['sealed'])
      .where('child_id', '=', lucas)
      .executeTakeFirstOrThrow();
    expect(sealed.sealed).toMatch(/^v1\./);
    const confirmations = await t.app.ctx.db.kysely
      .selectFrom('activity_health_confirmations')
      .select(['sealed'])
      .execute();
    expect(confirmations.length).toBeGreaterThan(0);

    if (t.app.ctx.db.dialect === 'sqlite') {
      const file = join(t.config.dataDir, 'fogata.db');
      const bytes = [file, `${file}-wal`].filter((f) => existsSync(f)).map((f) => readFileSync(f));
      expect(bytes.length).toBeGreaterThan(0);
      for (const b of bytes) {
        expect(b.includes(Buffer.from(ALLERGY, 'utf8'))).toBe(false);
        expect(b.includes(Buffer.from('cacahuete', 'utf8'))).toBe(false);
      }
    } else {
      const { rows: columns } = await sql<{ table_name: string; column_name: string }>`
        select table_name, column_name from information_schema.columns
        where table_schema = 'public'
          and data_type in ('text', 'character varying', 'json', 'jsonb')`.execute(
        t.app.ctx.db.kysely,
      );
      expect(columns.length).toBeGreaterThan(50);
      for (const { table_name, column_name } of columns) {
        const { rows } = await sql<{ n: number }>`
          select count(*)::int as n from ${sql.table(table_name)}
          where ${sql.ref(column_name)}::text ilike ${'%cacahuete%'}`.execute(t.app.ctx.db.kysely);
        expect(rows[0]?.n, `${table_name}.${column_name}`).toBe(0);
      }
    }
  });

  it('a backup archive carries the sealed fichas and no allergy in its bytes', async () => {
    const work = mkdtempSync(join(tmpdir(), 'fogata-camp-backup-'));
    try {
      const file = join(work, 'copia.tar');
      const summary = await createBackup(
        {
          db: t.app.ctx.db,
          dataDir: t.config.dataDir,
          storage: t.app.ctx.storage,
          jwtSecret: t.config.jwtSecret,
        },
        file,
      );
      expect(summary.manifest.tables.health_records).toBe(1);
      expect(summary.manifest.tables.activity_health_confirmations).toBeGreaterThan(0);
      const bytes = readFileSync(file);
      expect(bytes.includes(Buffer.from(ALLERGY, 'utf8'))).toBe(false);
      expect(bytes.includes(Buffer.from('cacahuete', 'utf8'))).toBe(false);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});

describe('retention: the erasure job after a restart', () => {
  it('erases what was confirmed for an activity ended past the retention, not for one still within', async () => {
    // A salida Lucas went to, ended 31 days ago (retention: 30 days by default).
    salida = await created(admin, {
      title: 'Salida al río',
      section_ids: [tropa],
      in_charge_id: nerea.row.id,
    });
    const signup = await api(ana, 'PUT', `/api/activities/${salida}/children/${lucas}/signup`, {
      going: true,
      answers: {},
    });
    expect(signup.statusCode, signup.body).toBe(200);
    const confirmed = await api(ana, 'POST', `/api/children/${lucas}/health/confirm`, {
      activity_id: salida,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await setActivity(t.app, salida, { starts_at: at(-32 * DAY), ends_at: at(-31 * DAY) });
    // The campamento ended 29 days ago: within the retention.
    await moveCampamento(at(-34 * DAY), at(-29 * DAY));

    // The server stops and starts again on the same database. The job keeps no state: what the
    // new app's run erases is decided by the rows alone, at the clock it is given.
    await t.app.close();
    restarted = await buildTestAppOnSameDatabase(t);
    const { ctx } = restarted.app;
    const erasedAt = async (id: number) =>
      (
        await ctx.db.kysely
          .selectFrom('activities')
          .select(['health_erased_at'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).health_erased_at;
    const confirmedFor = async () =>
      (
        await ctx.db.kysely
          .selectFrom('activity_health_confirmations')
          .select(['activity_id'])
          .execute()
      ).map((r) => r.activity_id);

    expect(await eraseDueHealthData(ctx)).toEqual({ activities: 1, records: 0 });
    expect(await erasedAt(salida)).toEqual(expect.any(String));
    expect(await confirmedFor()).toEqual([campamento]);
    expect(await erasedAt(campamento)).toBeNull();
    // Once more: nothing left to do.
    expect(await eraseDueHealthData(ctx)).toEqual({ activities: 0, records: 0 });

    // A day and an hour later the campamento's thirty days are over too.
    expect(await eraseDueHealthData(ctx, new Date(Date.now() + DAY + HOUR))).toEqual({
      activities: 1,
      records: 0,
    });
    expect(await confirmedFor()).toEqual([]);
    expect(await erasedAt(campamento)).toEqual(expect.any(String));
    // The ficha itself stays with its child, who is still in the group.
    expect((await api(ana, 'GET', `/api/children/${lucas}/health`)).json().record).toMatchObject({
      allergies: ALLERGY,
    });
  });
});

describe('the certificado negativo of the adults who go', () => {
  it('an adult whose certificado is out of date cannot be made staff, and can once a current one is recorded', async () => {
    const next = await created(admin, {
      title: 'Excursión de otoño',
      section_ids: [tropa],
      in_charge_id: nerea.row.id,
    });
    // Seen thirteen months ago: renewed yearly, so out of date.
    const old = new Date();
    old.setUTCMonth(old.getUTCMonth() - 13);
    await recordCertificate(rosa, old.toISOString().slice(0, 10));

    const refused = await api(admin, 'POST', `/api/activities/${next}/staff`, {
      user_id: rosa.row.id,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CAMP_ERRORS.certificateNotCurrent('Rosa Caducada'));
    const herself = await api(rosa, 'POST', `/api/activities/${next}/staff`, {
      user_id: rosa.row.id,
    });
    expect(herself.statusCode).toBe(409);
    expect(herself.json().message).toBe(CAMP_ERRORS.certificateNotCurrent('Rosa Caducada'));
    // Nor named in charge.
    const inCharge = await api(
      admin,
      'POST',
      '/api/activities',
      activityInput({
        title: 'Otra excursión',
        section_ids: [tropa],
        in_charge_id: rosa.row.id,
      }),
    );
    expect(inCharge.statusCode).toBe(409);
    expect(inCharge.json().message).toBe(CAMP_ERRORS.certificateNotCurrent('Rosa Caducada'));

    await recordCertificate(rosa, madridDay(new Date().toISOString()));
    const named = await api(admin, 'POST', `/api/activities/${next}/staff`, {
      user_id: rosa.row.id,
    });
    expect(named.statusCode, named.body).toBe(201);
    expect(named.json().staff.map((s: { name: string }) => s.name)).toContain('Rosa Caducada');
  });
});
