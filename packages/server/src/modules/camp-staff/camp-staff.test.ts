import { ACTIVITY_ERRORS, CAMP_ERRORS, CAMP_MSG, SERVER_ERRORS } from '@fogata/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityInput,
  addSignup,
  daysFromNow,
  editActivity,
  insertActivity,
} from '../../test/activity-factories.js';
import { buildTestApp, type TestApp } from '../../test/build-app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { assignScouter, createChild, createSection } from '../../test/family-factories.js';
import { countQueries } from '../../test/gallery-factories.js';
import { certify, dayFromToday } from '../../test/safeguarding-factories.js';
import { addMonths } from '../safeguarding/certificates.js';

/* An activity's staff: who goes as an adult, the ratio, and the certificado that lets them. */

let t: TestApp;
let admin: TestUser;
let leader: TestUser;
let helper: TestUser;
let uncertified: TestUser;
let family: TestUser;
let section: number;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.app, { role: 'admin', name: 'Ana Admin' });
  leader = await createUser(t.app, { role: 'scouter', name: 'Lucía Tropa' });
  helper = await createUser(t.app, { role: 'scouter', name: 'Hugo Ayudante' });
  uncertified = await createUser(t.app, { role: 'scouter', name: 'Iván Sin Certificado' });
  family = await createUser(t.app, { role: 'usuario', name: 'Madre' });
  section = await createSection(t.app);
  await assignScouter(t.app, leader.row.id, [section]);
  await assignScouter(t.app, helper.row.id, [section]);
  await assignScouter(t.app, uncertified.row.id, [section]);
  for (const user of [admin, leader, helper]) await certify(t.app, user.row.id);
});
afterAll(() => t.close());

const call = (user: TestUser, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: user.headers, ...(payload && { payload }) });

const staffOf = (id: number) => `/api/activities/${id}/staff`;

/** An activity of the section, ending in `endsInDays`. */
const activity = async (endsInDays = 11) =>
  (
    await insertActivity(t.app, {
      sections: [section],
      startsAt: daysFromNow(endsInDays - 1),
      endsAt: daysFromNow(endsInDays),
    })
  ).id;

describe('the staff of an activity', () => {
  it('a scouter signs up and leaves; whoever sees the activity reads who goes', async () => {
    const id = await activity();
    const joined = await call(helper, 'POST', staffOf(id), { user_id: helper.row.id });
    expect(joined.statusCode, joined.body).toBe(201);
    expect(joined.json()).toEqual({
      staff: [{ user_id: helper.row.id, name: 'Hugo Ayudante', certificate_current: true }],
      ratio: { children: 0, adults: 1, per_adult: 10, needed: 0, short: false },
      mine: true,
    });
    // Twice is still once.
    expect(
      (await call(helper, 'POST', staffOf(id), { user_id: helper.row.id })).json().staff,
    ).toHaveLength(1);
    const read = await call(leader, 'GET', staffOf(id));
    expect(read.json()).toMatchObject({ mine: false, ratio: { adults: 1 } });
    const left = await call(helper, 'DELETE', `${staffOf(id)}/${helper.row.id}`);
    expect(left.statusCode).toBe(200);
    expect(left.json()).toMatchObject({ staff: [], mine: false, ratio: { adults: 0 } });
  });

  it('counts the children who go against the group ratio and says how many adults are missing', async () => {
    const id = await activity();
    for (let i = 0; i < 11; i += 1)
      await addSignup(t.app, id, await createChild(t.app, { sectionId: section }), 'va');
    await addSignup(t.app, id, await createChild(t.app, { sectionId: section }), 'espera');
    await addSignup(t.app, id, await createChild(t.app, { sectionId: section }), 'no_va');
    await addSignup(
      t.app,
      id,
      await createChild(t.app, { sectionId: section, active: false }),
      'va',
    );
    await call(leader, 'POST', staffOf(id), { user_id: leader.row.id });
    expect((await call(leader, 'GET', staffOf(id))).json().ratio).toEqual({
      children: 11,
      adults: 1,
      per_adult: 10,
      needed: 1,
      short: true,
    });
    await call(leader, 'POST', staffOf(id), { user_id: helper.row.id });
    expect((await call(leader, 'GET', staffOf(id))).json().ratio).toEqual({
      children: 11,
      adults: 2,
      per_adult: 10,
      needed: 0,
      short: false,
    });
    // The board carries the same, in a constant number of queries however many adults.
    const board = async () => {
      const { result, queries } = await countQueries(t.app, () =>
        call(leader, 'GET', `/api/activities/${id}/board`),
      );
      expect(result.statusCode, result.body).toBe(200);
      return { staff: result.json().staff, queries };
    };
    await board(); // the session's account is read once, then kept until a write
    const before = await board();
    expect(before.staff.ratio).toEqual({
      children: 11,
      adults: 2,
      per_adult: 10,
      needed: 0,
      short: false,
    });
    expect(before.staff.staff.map((s: { name: string }) => s.name)).toEqual([
      'Hugo Ayudante',
      'Lucía Tropa',
    ]);
    await call(leader, 'POST', staffOf(id), { user_id: admin.row.id });
    await board(); // a write makes the session's account be read again, once
    const after = await board();
    expect(after.staff.staff).toHaveLength(3);
    expect(after.queries).toBe(before.queries);
  });

  it('refuses an adult whose certificado is missing or not current on the last day', async () => {
    const id = await activity(40);
    const missing = await call(uncertified, 'POST', staffOf(id), { user_id: uncertified.row.id });
    expect([missing.statusCode, missing.json().message]).toEqual([
      409,
      'Iván Sin Certificado no puede formar parte del equipo ni ser responsable de una actividad: su certificado negativo del Registro Central de Delincuentes Sexuales no está al día. Un administrador puede registrarlo en «Salvaguarda».',
    ]);
    expect(missing.json().message).toBe(CAMP_ERRORS.certificateNotCurrent('Iván Sin Certificado'));
    // Current today, but it falls due before the activity ends (in 40 days).
    await certify(t.app, uncertified.row.id, addMonths(dayFromToday(20), -12));
    const lapsing = await call(leader, 'POST', staffOf(id), { user_id: uncertified.row.id });
    expect([lapsing.statusCode, lapsing.json().message]).toEqual([
      409,
      CAMP_ERRORS.certificateNotCurrent('Iván Sin Certificado'),
    ]);
    // An activity that ends before it falls due takes them.
    const sooner = await activity(10);
    expect(
      (await call(leader, 'POST', staffOf(sooner), { user_id: uncertified.row.id })).statusCode,
    ).toBe(201);
    expect((await call(leader, 'GET', staffOf(id))).json().staff).toEqual([]);
  });

  it('another adult is added or removed only by a manager; a family account is no staff', async () => {
    const id = await activity();
    const outsider = await createUser(t.app, { role: 'scouter', name: 'Otra Sección' });
    await certify(t.app, outsider.row.id);
    // A scouter of another section does not see the activity.
    const unseen = await call(outsider, 'POST', staffOf(id), { user_id: outsider.row.id });
    expect([unseen.statusCode, unseen.json().message]).toEqual([404, ACTIVITY_ERRORS.notFound]);
    expect((await call(outsider, 'GET', staffOf(id))).statusCode).toBe(404);
    const unseenOther = await call(outsider, 'POST', staffOf(id), { user_id: helper.row.id });
    expect([unseenOther.statusCode, unseenOther.json().message]).toEqual([
      404,
      ACTIVITY_ERRORS.notFound,
    ]);
    expect((await call(leader, 'POST', staffOf(id), { user_id: helper.row.id })).statusCode).toBe(
      201,
    );
    const notAdult = await call(leader, 'POST', staffOf(id), { user_id: family.row.id });
    expect([notAdult.statusCode, notAdult.json().message]).toEqual([
      400,
      CAMP_ERRORS.staffNotAdult,
    ]);
    const nobody = await call(leader, 'POST', staffOf(id), { user_id: 999_999 });
    expect([nobody.statusCode, nobody.json().message]).toEqual([400, CAMP_MSG.personInvalid]);
    const usuario = await call(family, 'POST', staffOf(id), { user_id: family.row.id });
    expect([usuario.statusCode, usuario.json().message]).toEqual([403, SERVER_ERRORS.forbidden]);

    // Removing another: only a manager (the scouter of another section does not even see it).
    const outsiderRemoval = await call(outsider, 'DELETE', `${staffOf(id)}/${helper.row.id}`);
    expect(outsiderRemoval.statusCode).toBe(404);
    const removed = await call(leader, 'DELETE', `${staffOf(id)}/${helper.row.id}`);
    expect(removed.json().staff).toEqual([]);
  });
});

describe('the scouter in charge', () => {
  it('needs a current certificado, and once saved is one of the staff', async () => {
    const uncertified = await createUser(t.app, { role: 'scouter', name: 'Iván Sin Certificado' });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/activities',
      headers: leader.headers,
      payload: activityInput({ section_ids: [section], in_charge_id: uncertified.row.id }),
    });
    expect([refused.statusCode, refused.json().message]).toEqual([
      409,
      CAMP_ERRORS.certificateNotCurrent('Iván Sin Certificado'),
    ]);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/activities',
      headers: leader.headers,
      payload: activityInput({ section_ids: [section], in_charge_id: helper.row.id }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    expect((await call(leader, 'GET', staffOf(id))).json().staff).toEqual([
      { user_id: helper.row.id, name: 'Hugo Ayudante', certificate_current: true },
    ]);
    // An edit naming someone without one is refused as a whole.
    const edit = await editActivity(t.app, leader, id, {
      section_ids: [section],
      in_charge_id: uncertified.row.id,
      title: 'Otro título',
    });
    expect([edit.statusCode, edit.json().message]).toEqual([
      409,
      CAMP_ERRORS.certificateNotCurrent('Iván Sin Certificado'),
    ]);
    expect((await call(leader, 'GET', `/api/activities/${id}`)).json()).toMatchObject({
      title: 'Acampada de primavera',
      in_charge: { id: helper.row.id },
    });
    const renamed = await editActivity(t.app, leader, id, {
      section_ids: [section],
      in_charge_id: leader.row.id,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(
      (await call(leader, 'GET', staffOf(id))).json().staff.map((s: { name: string }) => s.name),
    ).toEqual(['Hugo Ayudante', 'Lucía Tropa']);
  });
});
