import { ACTIVITY_ERRORS, ACTIVITY_MSG, type ActivityInput, SERVER_ERRORS } from '@fogata/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityForSection } from '../../access/access.repository.js';
import { madridDateTime } from '../../mail/activity-templates.js';
import {
  activityInput,
  createActivity,
  daysFromNow,
  editActivity,
  queuedMails,
  setActivity,
} from '../../test/activity-factories.js';
import { buildTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/build-app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import {
  assignScouter,
  createChildRow,
  createSection,
  sectionId,
} from '../../test/family-factories.js';
import { countQueries } from '../../test/gallery-factories.js';
import { certify } from '../../test/safeguarding-factories.js';

/*
 * The activities through HTTP on the test database (issue 36): who sees and manages which, what a
 * manager may create and change, the list and page each viewer reads, and the mails to families.
 * Sign-ups are in signups.test.ts.
 */

let t: TestApp;
let manada: number;
let tropa: number;
let admin: TestUser;
let tropaScouter: TestUser;
let manadaScouter: TestUser;
/** Two Tropa children of one family (two guardians), a Manada family, an account with none. */
let tropaFamily: TestUser;
let tropaOtherGuardian: TestUser;
let manadaFamily: TestUser;
let noChildren: TestUser;
let tropaChild: { id: number; full_name: string };
let tropaSibling: { id: number; full_name: string };
let manadaChild: { id: number; full_name: string };

beforeAll(async () => {
  t = await buildTestApp();
  // Mails stay in the queue, to be read (a sent one's body is forgotten).
  await t.app.ctx.mailQueue.stop();
  manada = await sectionId(t.app, 'Manada');
  tropa = await sectionId(t.app, 'Tropa');
  admin = await createUser(t.app, { role: 'admin', name: 'Marta Admin' });
  tropaScouter = await createUser(t.app, { role: 'scouter', name: 'Lucía Tropa' });
  // Named in charge: her certificado negativo is current.
  await certify(t.app, tropaScouter.row.id);
  manadaScouter = await createUser(t.app, { role: 'scouter', name: 'Pablo Manada' });
  await assignScouter(t.app, tropaScouter.row.id, [tropa]);
  await assignScouter(t.app, manadaScouter.row.id, [manada]);
  tropaFamily = await createUser(t.app);
  tropaOtherGuardian = await createUser(t.app);
  manadaFamily = await createUser(t.app);
  noChildren = await createUser(t.app);
  tropaChild = await createChildRow(t.app, {
    sectionId: tropa,
    name: 'Irene Tropa Gómez',
    guardians: [tropaFamily.row.id, tropaOtherGuardian.row.id],
  });
  tropaSibling = await createChildRow(t.app, {
    sectionId: tropa,
    name: 'Hugo Tropa Gómez',
    guardians: [tropaFamily.row.id],
  });
  manadaChild = await createChildRow(t.app, {
    sectionId: manada,
    name: 'Leo Manada Ruiz',
    guardians: [manadaFamily.row.id],
  });
});
afterAll(() => t.close());

const get = (url: string, user: TestUser) => t.app.inject({ url, headers: user.headers });
const send = (method: InjectOptions['method'], url: string, user: TestUser, payload?: object) =>
  t.app.inject({ method, url, headers: user.headers, ...(payload && { payload }) });
const post = (user: TestUser, input: Partial<ActivityInput>) =>
  send('POST', '/api/activities', user, activityInput(input));

async function activityCount(): Promise<number> {
  const row = await t.app.ctx.db.kysely
    .selectFrom('activities')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The ids in a viewer's list, upcoming and past. */
async function listed(user: TestUser): Promise<number[]> {
  const res = await get('/api/activities', user);
  expect(res.statusCode).toBe(200);
  const body = res.json();
  return [...body.upcoming, ...body.past].map((a: { id: number }) => a.id);
}

describe('who sees and manages an activity', () => {
  it('a Tropa borrador: its scouters and admins only; published: the Tropa families, never the Manada', async () => {
    const res = await post(tropaScouter, { section_ids: [tropa], title: 'Acampada Tropa' });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created.status).toBe('borrador');
    expect(created.audience).toEqual([{ id: tropa, name: 'Tropa', colour: expect.any(String) }]);
    expect(created.can_manage).toBe(true);
    const url = `/api/activities/${created.id}`;

    for (const user of [tropaScouter, admin]) expect((await get(url, user)).statusCode).toBe(200);
    for (const user of [tropaFamily, manadaFamily, manadaScouter, noChildren]) {
      const denied = await get(url, user);
      expect(denied.statusCode).toBe(404);
      expect(denied.json().message).toBe(ACTIVITY_ERRORS.notFound);
      expect(await listed(user)).not.toContain(created.id);
    }

    const published = await send('POST', `${url}/status`, tropaScouter, { status: 'publicada' });
    expect(published.statusCode).toBe(200);
    expect(published.json().status).toBe('publicada');

    const family = await get(url, tropaFamily);
    expect(family.statusCode).toBe(200);
    expect(family.json().can_manage).toBe(false);
    expect(await listed(tropaFamily)).toContain(created.id);
    for (const user of [manadaFamily, manadaScouter, noChildren]) {
      expect((await get(url, user)).statusCode).toBe(404);
      expect(await listed(user)).not.toContain(created.id);
    }
  });

  it("another section's scouter gets 404 on every manager's call; a family gets 403 (no capability)", async () => {
    const { id } = await createActivity(t.app, tropaScouter, { section_ids: [tropa] });
    const url = `/api/activities/${id}`;
    const calls = [
      send('PUT', url, manadaScouter, activityInput({ section_ids: [tropa] })),
      send('POST', `${url}/status`, manadaScouter, { status: 'cancelada' }),
      send('DELETE', url, manadaScouter),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(ACTIVITY_ERRORS.notFound);
    }
    const family = await send('PUT', url, tropaFamily, activityInput({ section_ids: [tropa] }));
    expect(family.statusCode).toBe(403);
    expect(family.json().message).toBe(SERVER_ERRORS.forbidden);
  });

  it('a whole-group activity is every scouter’s to manage, and every family with an active child sees it', async () => {
    const { id } = await createActivity(t.app, admin, { section_ids: [] });
    const url = `/api/activities/${id}`;
    for (const user of [tropaFamily, manadaFamily]) {
      expect((await get(url, user)).statusCode).toBe(200);
    }
    expect((await get(url, noChildren)).statusCode).toBe(404);
    const edit = await send('PUT', url, manadaScouter, activityInput({ title: 'Día del grupo' }));
    expect(edit.statusCode).toBe(200);
    expect(edit.json().title).toBe('Día del grupo');
  });

  it('a scouter may only name their own sections: the whole group and another section are 403', async () => {
    const before = await activityCount();
    for (const section_ids of [[], [manada], [tropa, manada]]) {
      const res = await post(tropaScouter, { section_ids });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(ACTIVITY_ERRORS.sectionForbidden);
    }
    const retired = await createSection(t.app, { retired: true });
    for (const section_ids of [[retired], [999_999]]) {
      const res = await post(admin, { section_ids });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(ACTIVITY_ERRORS.sectionUnavailable);
    }
    expect(await activityCount()).toBe(before);
  });

  it('a family sees only the status of their own children, never another family’s child', async () => {
    const { id } = await createActivity(t.app, admin, { section_ids: [] });
    const detail = await get(`/api/activities/${id}`, tropaFamily);
    const list = await get('/api/activities', tropaFamily);
    for (const res of [detail, list]) {
      expect(res.body).toContain(tropaChild.full_name);
      expect(res.body).toContain(tropaSibling.full_name);
      expect(res.body).not.toContain(manadaChild.full_name);
    }
    const mine = detail.json().children.map((c: { child_id: number }) => c.child_id);
    expect(mine.sort()).toEqual([tropaChild.id, tropaSibling.id].sort());
    const other = await get(`/api/activities/${id}`, tropaOtherGuardian);
    expect(other.body).toContain(tropaChild.full_name);
    expect(other.body).not.toContain(tropaSibling.full_name);
    const scouter = await get(`/api/activities/${id}`, tropaScouter);
    expect(scouter.json().children).toEqual([]);
    expect(scouter.body).not.toContain(tropaChild.full_name);
  });
});

describe("a section's activities (the where a section's calendar feed takes)", () => {
  it("holds the section's and the whole group's, never another section's nor a borrador", async () => {
    const ofTropa = await createActivity(t.app, admin, { section_ids: [tropa] });
    const ofManada = await createActivity(t.app, admin, { section_ids: [manada] });
    const whole = await createActivity(t.app, admin);
    const draft = await createActivity(t.app, admin, { section_ids: [tropa], publish: false });
    const rows = await t.app.ctx.db.kysely
      .selectFrom('activities')
      .select('id')
      .where(activityForSection(tropa))
      .execute();
    const ids = rows.map((row) => row.id);
    expect(ids).toEqual(expect.arrayContaining([ofTropa.id, whole.id]));
    expect(ids).not.toContain(ofManada.id);
    expect(ids).not.toContain(draft.id);
  });
});

describe('creating and editing', () => {
  it('answers the whole activity, a borrador unless published, with its questions', async () => {
    const res = await post(admin, {
      title: '  Campamento de verano  ',
      kind: 'campamento',
      section_ids: [tropa, manada],
      places: 12,
      in_charge_id: tropaScouter.row.id,
      both_guardians: true,
      questions: [
        { label: '¿Alergias?', kind: 'text', options: null, required: true },
        { label: '¿Sabe nadar?', kind: 'yesno', options: ['x'], required: false },
        { label: 'Talla de camiseta', kind: 'choice', options: ['S', 'M', 'L'], required: true },
      ],
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      title: 'Campamento de verano',
      kind: 'campamento',
      status: 'borrador',
      places: 12,
      taken: 0,
      price_cents: 3500,
      in_charge: { id: tropaScouter.row.id, name: 'Lucía Tropa' },
      both_guardians: true,
      signups_open: false,
      cancelled_at: null,
      can_manage: true,
      needs_answer: false,
    });
    expect(body.audience.map((s: { name: string }) => s.name)).toEqual(['Manada', 'Tropa']);
    expect(body.questions).toEqual([
      { id: expect.any(Number), label: '¿Alergias?', kind: 'text', options: null, required: true },
      {
        id: expect.any(Number),
        label: '¿Sabe nadar?',
        kind: 'yesno',
        options: null,
        required: false,
      },
      {
        id: expect.any(Number),
        label: 'Talla de camiseta',
        kind: 'choice',
        options: ['S', 'M', 'L'],
        required: true,
      },
    ]);
  });

  it('refuses bad input with a clear Spanish message and writes nothing', async () => {
    const before = await activityCount();
    const tooManyQuestions = Array.from({ length: 11 }, (_, i) => ({
      label: `Pregunta ${i}`,
      kind: 'text' as const,
      options: null,
      required: false,
    }));
    const cases: [Partial<ActivityInput> | Record<string, unknown>, string][] = [
      [{ title: '   ' }, ACTIVITY_MSG.titleRequired],
      [{ title: 'x'.repeat(151) }, ACTIVITY_MSG.titleTooLong],
      [{ kind: 'excursion' }, ACTIVITY_MSG.kindInvalid],
      [
        {
          starts_at: daysFromNow(-1),
          meeting_at: daysFromNow(-1.1),
          signup_deadline: daysFromNow(-2),
        },
        ACTIVITY_MSG.startInPast,
      ],
      [{ starts_at: 'mañana' }, ACTIVITY_MSG.instantInvalid],
      [{ ends_at: daysFromNow(9) }, ACTIVITY_MSG.endBeforeStart],
      [{ signup_deadline: daysFromNow(11) }, ACTIVITY_MSG.deadlineAfterStart],
      [{ signup_deadline: daysFromNow(-1) }, ACTIVITY_MSG.deadlineInPast],
      [{ return_at: daysFromNow(9) }, ACTIVITY_MSG.returnBeforeMeeting],
      [{ price_cents: -500 }, ACTIVITY_MSG.priceNegative],
      [{ price_cents: 12.5 }, ACTIVITY_MSG.priceInvalid],
      [{ places: 0 }, ACTIVITY_MSG.placesInvalid],
      [{ places: -3 }, ACTIVITY_MSG.placesInvalid],
      [{ questions: tooManyQuestions }, ACTIVITY_MSG.questionsTooMany],
      [
        { questions: [{ label: 'Talla', kind: 'choice', options: ['M'], required: false }] },
        ACTIVITY_MSG.questionOptionsTooFew,
      ],
      [
        { questions: [{ label: 'Talla', kind: 'choice', options: ['M', 'M'], required: false }] },
        ACTIVITY_MSG.questionOptionsRepeated,
      ],
      [{ repeats_weekly_until: '2099-01-01' }, ACTIVITY_MSG.repeatOnlyReunion],
      [{ kind: 'reunion', repeats_weekly_until: '2020-01-01' }, ACTIVITY_MSG.repeatBeforeStart],
      [{ kind: 'reunion', repeats_weekly_until: '2020-02-30' }, ACTIVITY_MSG.repeatInvalid],
      [{ section_ids: [0] }, ACTIVITY_MSG.sectionsInvalid],
      [{ in_charge_id: tropaFamily.row.id }, ACTIVITY_ERRORS.inChargeUnknown],
      [{ place: '' }, ACTIVITY_MSG.placeRequired],
      [{ transport: '' }, ACTIVITY_MSG.transportRequired],
      [{ description: 'x'.repeat(5001) }, ACTIVITY_MSG.descriptionTooLong],
    ];
    for (const [input, message] of cases) {
      const res = await post(admin, input as Partial<ActivityInput>);
      expect(res.statusCode, JSON.stringify(input)).toBe(400);
      expect(res.json().message, JSON.stringify(input)).toBe(message);
    }
    const notObject = await send('POST', '/api/activities', admin, [1, 2]);
    expect(notObject.statusCode).toBe(400);
    expect(notObject.json().message).toBe(SERVER_ERRORS.validation);
    const noTitle = await send('POST', '/api/activities', admin, { kind: 'salida' });
    expect(noTitle.json().message).toBe(ACTIVITY_MSG.titleRequired);
    expect(await activityCount()).toBe(before);
  });

  it('a weekly reunión repeats until a day within a year', async () => {
    const starts = daysFromNow(10);
    const res = await post(admin, {
      kind: 'reunion',
      repeats_weekly_until: new Date(Date.parse(starts) + 60 * 864e5).toISOString().slice(0, 10),
    });
    expect(res.statusCode).toBe(201);
    const tooLong = await post(admin, {
      kind: 'reunion',
      repeats_weekly_until: new Date(Date.parse(starts) + 400 * 864e5).toISOString().slice(0, 10),
    });
    expect(tooLong.json().message).toBe(ACTIVITY_MSG.repeatTooLong);
  });

  it('raises the sequence on every change, and moves terms_changed_at only with the terms', async () => {
    const { id } = await createActivity(t.app, admin);
    const row = () =>
      t.app.ctx.db.kysely
        .selectFrom('activities')
        .select(['sequence', 'terms_changed_at'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    const first = await row();
    expect((await editActivity(t.app, admin, id, { title: 'Otra' })).statusCode).toBe(200);
    const second = await row();
    expect(second.sequence).toBe(first.sequence + 1);
    expect(second.terms_changed_at).toBe(first.terms_changed_at);
    const moved = await editActivity(t.app, admin, id, { place: 'Navacerrada' });
    expect(moved.statusCode).toBe(200);
    const third = await row();
    expect(third.sequence).toBe(first.sequence + 2);
    expect(third.terms_changed_at > first.terms_changed_at).toBe(true);
    await send('POST', `/api/activities/${id}/status`, admin, { status: 'cerrada' });
    expect((await row()).sequence).toBe(first.sequence + 3);
  });

  it('lists people who may be in charge: scouters and admins, never a family', async () => {
    const res = await get('/api/activities/people-in-charge', tropaScouter);
    expect(res.statusCode).toBe(200);
    const ids = res.json().map((p: { id: number }) => p.id);
    expect(ids).toEqual(expect.arrayContaining([admin.row.id, tropaScouter.row.id]));
    expect(ids).not.toContain(tropaFamily.row.id);
  });
});

describe('states', () => {
  it('mails give dates and times in Europe/Madrid, summer time or not', () => {
    expect(madridDateTime('2027-03-14T09:00:00.000Z')).toBe('domingo, 14 de marzo de 2027, 10:00');
    expect(madridDateTime('2027-07-10T08:30:00.000Z')).toBe('sábado, 10 de julio de 2027, 10:30');
  });

  it('publishing mails each family of the audience once, naming no child', async () => {
    const { id } = await createActivity(t.app, tropaScouter, {
      section_ids: [tropa],
      title: 'Salida al Pozo de la Nieve',
      publish: false,
    });
    expect(await queuedMails(t.app, 'Salida al Pozo de la Nieve')).toEqual([]);
    await send('POST', `/api/activities/${id}/status`, tropaScouter, { status: 'publicada' });
    const mails = await queuedMails(t.app, 'Salida al Pozo de la Nieve');
    expect(mails.map((m) => m.recipient).sort()).toEqual(
      [tropaFamily.email, tropaOtherGuardian.email].sort(),
    );
    const read = (await get(`/api/activities/${id}`, tropaScouter)).json();
    for (const mail of mails) {
      expect(mail.subject).toBe('Nueva actividad: Salida al Pozo de la Nieve');
      expect(mail.link).toBe(`${TEST_PUBLIC_URL}/actividades/${id}`);
      expect(mail.text).toBe(
        [
          'Hola:',
          'El grupo ha convocado la actividad «Salida al Pozo de la Nieve».',
          `Del ${madridDateTime(read.starts_at)} al ${madridDateTime(read.ends_at)}, en Albergue de Cercedilla.`,
          'Entra para ver los detalles y decir si va o no va cada uno de tus educandos.',
          `${TEST_PUBLIC_URL}/actividades/${id}\n`,
        ].join('\n\n'),
      );
      for (const name of [tropaChild.full_name, tropaSibling.full_name, 'Irene', 'Hugo']) {
        expect(mail.text).not.toContain(name);
        expect(mail.html).not.toContain(name);
      }
    }
  });

  it('moves through its states by hand and refuses what its state forbids, with a 409', async () => {
    const { id } = await createActivity(t.app, admin);
    const status = (s: string) =>
      send('POST', `/api/activities/${id}/status`, admin, { status: s });
    const again = await status('publicada');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ACTIVITY_ERRORS.statusChange('Publicada', 'Publicada'));
    expect((await status('cerrada')).json().status).toBe('cerrada');
    // Closed by hand before the deadline: it may open again.
    expect((await status('publicada')).json().status).toBe('publicada');
    const early = await status('celebrada');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(ACTIVITY_ERRORS.celebrateBeforeStart);
    const cancelled = await status('cancelada');
    expect(cancelled.json()).toMatchObject({
      status: 'cancelada',
      cancelled_at: expect.any(String),
    });
    const after = await status('publicada');
    expect(after.statusCode).toBe(409);
    expect(after.json().message).toBe(ACTIVITY_ERRORS.statusChange('Cancelada', 'Publicada'));
    const edit = await send('PUT', `/api/activities/${id}`, admin, activityInput());
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(ACTIVITY_ERRORS.notEditable);
    const bad = await status('borrador');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(ACTIVITY_MSG.statusInvalid);
  });

  it('reads cerrada once the deadline passes and celebrada once it is over, with no job', async () => {
    const { id } = await createActivity(t.app, admin);
    await setActivity(t.app, id, { signup_deadline: daysFromNow(-0.01) });
    const closed = (await get(`/api/activities/${id}`, tropaFamily)).json();
    expect(closed).toMatchObject({ status: 'cerrada', signups_open: false });
    const reopen = await send('POST', `/api/activities/${id}/status`, admin, {
      status: 'publicada',
    });
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().message).toBe(ACTIVITY_ERRORS.reopenAfterDeadline);
    await setActivity(t.app, id, {
      signup_deadline: daysFromNow(-3),
      starts_at: daysFromNow(-2),
      ends_at: daysFromNow(-1),
    });
    const list = (await get('/api/activities', tropaFamily)).json();
    const past = list.past.find((a: { id: number }) => a.id === id);
    expect(past.status).toBe('celebrada');
    expect(list.upcoming.map((a: { id: number }) => a.id)).not.toContain(id);
  });

  it('deletes a borrador only', async () => {
    const draft = await createActivity(t.app, admin, { publish: false, title: 'Borrador suelto' });
    const published = await createActivity(t.app, admin);
    const refused = await send('DELETE', `/api/activities/${published.id}`, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ACTIVITY_ERRORS.deleteOnlyDraft);
    expect((await send('DELETE', `/api/activities/${draft.id}`, admin)).statusCode).toBe(204);
    expect((await get(`/api/activities/${draft.id}`, admin)).statusCode).toBe(404);
    const audit = await t.app.ctx.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'target_label'])
      .where('target_type', '=', 'activity')
      .where('target_id', '=', draft.id)
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'activity.created', target_label: 'Borrador suelto' },
      { action: 'activity.deleted', target_label: 'Borrador suelto' },
    ]);
  });
});

describe('the list', () => {
  it('comes upcoming (soonest first), then past (latest first) in pages', async () => {
    const soon = await createActivity(t.app, admin, {
      title: 'Pronto',
      starts_at: daysFromNow(2),
      ends_at: daysFromNow(2.2),
      meeting_at: daysFromNow(1.9),
      return_at: daysFromNow(2.3),
      signup_deadline: daysFromNow(1),
    });
    const later = await createActivity(t.app, admin, { title: 'Más tarde' });
    const body = (await get('/api/activities', tropaFamily)).json();
    const upcoming = body.upcoming.map((a: { id: number }) => a.id);
    expect(upcoming.indexOf(soon.id)).toBeLessThan(upcoming.indexOf(later.id));
    expect(body.page_size).toBe(20);
    const bad = await get('/api/activities?past_page=0', tropaFamily);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(ACTIVITY_MSG.pastPageInvalid);
  });

  it('reads the list and an activity in a constant number of queries', async () => {
    const read = (url: string, user: TestUser) => countQueries(t.app, () => get(url, user));
    const { id } = await createActivity(t.app, admin, {
      questions: [{ label: 'Alergias', kind: 'text', options: null, required: false }],
    });
    const small = await read('/api/activities', tropaFamily);
    const detailSmall = await read(`/api/activities/${id}`, tropaFamily);
    for (let i = 0; i < 6; i += 1) {
      const extra = await createActivity(t.app, admin, { section_ids: [tropa] });
      await send(
        'PUT',
        `/api/activities/${extra.id}/children/${tropaChild.id}/signup`,
        tropaFamily,
        {
          going: true,
          answers: {},
        },
      );
    }
    await createChildRow(t.app, { sectionId: tropa, guardians: [tropaFamily.row.id] });
    const large = await read('/api/activities', tropaFamily);
    const detailLarge = await read(`/api/activities/${id}`, tropaFamily);
    expect(large.result.json().upcoming.length).toBeGreaterThan(
      small.result.json().upcoming.length,
    );
    expect(large.queries).toBe(small.queries);
    expect(detailLarge.queries).toBe(detailSmall.queries);
    // Session, activities, past page and count, audiences, own children, sign-ups,
    // autorizaciones, guardians per child, fichas sanitarias (filled, confirmed).
    expect(large.queries).toBeLessThanOrEqual(10);
    expect(detailLarge.queries).toBeLessThanOrEqual(10);
  });
});
