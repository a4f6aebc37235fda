import { ACTIVITY_ERRORS, ACTIVITY_MSG } from '@fogata/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../lib/tokens.js';
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
import { assignScouter, createChildRow, sectionId } from '../../test/family-factories.js';

/*
 * A family's answer for each child (issue 36): «Va» or «No va» and the questions, until the
 * deadline; the waiting list when the places are taken; the mails when a place frees, when the
 * activity is cancelled and when its terms change after signatures.
 */

let t: TestApp;
let tropa: number;
let manada: number;
let admin: TestUser;
let scouter: TestUser;
/** Twelve Tropa families with a child each, and a thirteenth with two guardians. */
type Family = { guardian: TestUser; child: { id: number; full_name: string } };
let families: Family[];
let mother: TestUser;
let father: TestUser;
let thirteenth: { id: number; full_name: string };
let manadaFamily: TestUser;
let manadaChild: number;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.ctx.mailQueue.stop();
  tropa = await sectionId(t.app, 'Tropa');
  manada = await sectionId(t.app, 'Manada');
  admin = await createUser(t.app, { role: 'admin' });
  scouter = await createUser(t.app, { role: 'scouter' });
  await assignScouter(t.app, scouter.row.id, [tropa]);
  families = [];
  for (let i = 0; i < 12; i += 1) {
    const guardian = await createUser(t.app);
    const child = await createChildRow(t.app, {
      sectionId: tropa,
      name: `Educando Tropa ${i}`,
      guardians: [guardian.row.id],
    });
    families.push({ guardian, child });
  }
  mother = await createUser(t.app);
  father = await createUser(t.app);
  thirteenth = await createChildRow(t.app, {
    sectionId: tropa,
    name: 'Nora Decimotercera',
    guardians: [mother.row.id, father.row.id],
  });
  manadaFamily = await createUser(t.app);
  manadaChild = await createChildRow(t.app, {
    sectionId: manada,
    guardians: [manadaFamily.row.id],
  }).then((c) => c.id);
});
afterAll(() => t.close());

const send = (method: InjectOptions['method'], url: string, user: TestUser, payload?: object) =>
  t.app.inject({ method, url, headers: user.headers, ...(payload && { payload }) });
const signup = (
  user: TestUser,
  activity: number,
  child: number,
  going: boolean,
  answers: Record<string, string | boolean> = {},
) => send('PUT', `/api/activities/${activity}/children/${child}/signup`, user, { going, answers });
/** The first three Tropa families. */
const firstThree = () => families.slice(0, 3) as [Family, Family, Family];
const statusOf = async (user: TestUser, activity: number, child: number) => {
  const res = await send('GET', `/api/activities/${activity}`, user);
  return res.json().children.find((c: { child_id: number }) => c.child_id === child);
};

describe('the waiting list', () => {
  it('the 13th «Va» of 12 places waits, is never told it is in, and moves up when one says «No va»', async () => {
    const { id } = await createActivity(t.app, scouter, {
      title: 'Acampada con plazas',
      section_ids: [tropa],
      places: 12,
    });
    for (const { guardian, child } of families) {
      const res = await signup(guardian, id, child.id, true);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ signup: 'va', waiting_position: null });
    }
    const waiting = await signup(mother, id, thirteenth.id, true);
    expect(waiting.statusCode).toBe(200);
    expect(waiting.json()).toMatchObject({
      child_id: thirteenth.id,
      child_name: 'Nora Decimotercera',
      signup: 'espera',
      waiting_position: 1,
    });
    // Both guardians read the same answer.
    expect(await statusOf(father, id, thirteenth.id)).toMatchObject({
      signup: 'espera',
      waiting_position: 1,
    });
    const full = (await send('GET', `/api/activities/${id}`, mother)).json();
    expect(full).toMatchObject({ places: 12, taken: 12 });
    // Saying «Va» again while waiting keeps the place in line, never a place.
    expect((await signup(father, id, thirteenth.id, true)).json().signup).toBe('espera');
    expect(await queuedMails(t.app, 'Ya hay plaza: Acampada con plazas')).toEqual([]);

    const first = families[0] as (typeof families)[number];
    const no = await signup(first.guardian, id, first.child.id, false);
    expect(no.json()).toMatchObject({ signup: 'no_va', waiting_position: null });
    expect(await statusOf(mother, id, thirteenth.id)).toMatchObject({
      signup: 'va',
      waiting_position: null,
    });
    expect((await send('GET', `/api/activities/${id}`, mother)).json().taken).toBe(12);
    const mails = await queuedMails(t.app, 'Ya hay plaza: Acampada con plazas');
    expect(mails.map((m) => m.recipient).sort()).toEqual([mother.email, father.email].sort());
    for (const mail of mails) {
      expect(mail.text).toContain(
        'Ha quedado una plaza libre en la actividad «Acampada con plazas» y es para tu educando, que estaba en la lista de espera: ya tiene plaza.',
      );
      expect(mail.text).not.toContain('Nora');
      expect(mail.link).toBe(`${TEST_PUBLIC_URL}/actividades/${id}`);
    }
    // The one who left may come back: to the end of the line.
    expect((await signup(first.guardian, id, first.child.id, true)).json()).toMatchObject({
      signup: 'espera',
      waiting_position: 1,
    });
  });

  it('more places on an edit give them to the first in line, in order', async () => {
    const { id } = await createActivity(t.app, admin, { section_ids: [tropa], places: 1 });
    const [a, b, c] = firstThree();
    await signup(a.guardian, id, a.child.id, true);
    await signup(b.guardian, id, b.child.id, true);
    await signup(c.guardian, id, c.child.id, true);
    expect((await statusOf(c.guardian, id, c.child.id)).waiting_position).toBe(2);
    const res = await editActivity(t.app, admin, id, { section_ids: [tropa], places: 2 });
    expect(res.json()).toMatchObject({ places: 2, taken: 2 });
    expect((await statusOf(b.guardian, id, b.child.id)).signup).toBe('va');
    expect(await statusOf(c.guardian, id, c.child.id)).toMatchObject({
      signup: 'espera',
      waiting_position: 1,
    });
  });
});

describe('who may answer, and until when', () => {
  it('a guardian until the deadline; after it only a manager, and each change is in the audit trail', async () => {
    const { id } = await createActivity(t.app, scouter, {
      section_ids: [tropa],
      title: 'Con plazo',
    });
    expect((await signup(mother, id, thirteenth.id, true)).statusCode).toBe(200);
    expect((await signup(father, id, thirteenth.id, false)).json().signup).toBe('no_va');
    expect((await statusOf(mother, id, thirteenth.id)).signup).toBe('no_va');
    await setActivity(t.app, id, { signup_deadline: nowIso(-1000) });
    const late = await signup(mother, id, thirteenth.id, true);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(ACTIVITY_ERRORS.signupsClosed);
    expect((await statusOf(father, id, thirteenth.id)).signup).toBe('no_va');
    const byManager = await signup(scouter, id, thirteenth.id, true);
    expect(byManager.statusCode).toBe(200);
    expect(byManager.json().signup).toBe('va');
    const audit = await t.app.ctx.db.kysely
      .selectFrom('audit_log')
      .select(['actor_id', 'details'])
      .where('action', '=', 'activity.signup_changed')
      .where('target_id', '=', id)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => [a.actor_id, JSON.parse(a.details ?? '{}')])).toEqual([
      [mother.row.id, { child: String(thirteenth.id), from: 'Pendiente', to: 'Va' }],
      [father.row.id, { child: String(thirteenth.id), from: 'Va', to: 'No va' }],
      [scouter.row.id, { child: String(thirteenth.id), from: 'No va', to: 'Va' }],
    ]);
  });

  it("refuses another family's child, a child outside the audience and a cancelled activity", async () => {
    const { id } = await createActivity(t.app, admin, { section_ids: [tropa] });
    const other = families[1] as (typeof families)[number];
    const foreign = await signup(mother, id, other.child.id, true);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(ACTIVITY_ERRORS.childNotInAudience);
    // The Manada family does not see a Tropa activity at all.
    const unseen = await signup(manadaFamily, id, manadaChild, true);
    expect(unseen.statusCode).toBe(404);
    expect(unseen.json().message).toBe(ACTIVITY_ERRORS.notFound);
    const outside = await signup(admin, id, manadaChild, true);
    expect(outside.statusCode).toBe(404);
    expect(outside.json().message).toBe(ACTIVITY_ERRORS.childNotInAudience);
    await send('POST', `/api/activities/${id}/status`, admin, { status: 'cancelada' });
    const cancelled = await signup(mother, id, thirteenth.id, true);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().message).toBe(ACTIVITY_ERRORS.signupCancelled);
    const rows = await t.app.ctx.db.kysely
      .selectFrom('activity_signups')
      .select('id')
      .where('activity_id', '=', id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('checks the answers against the questions, each with its own message', async () => {
    const created = await createActivity(t.app, admin, {
      section_ids: [tropa],
      questions: [
        { label: '¿Alergias?', kind: 'text', options: null, required: true },
        { label: '¿Sabe nadar?', kind: 'yesno', options: null, required: true },
        { label: 'Talla', kind: 'choice', options: ['S', 'M'], required: false },
      ],
    });
    const [text, yesno, choice] = created.questions.map((q) => String(q.id)) as [
      string,
      string,
      string,
    ];
    const cases: [Record<string, string | boolean>, string][] = [
      [{ [yesno]: true }, ACTIVITY_MSG.answerRequired('¿Alergias?')],
      [{ [text]: '   ', [yesno]: true }, ACTIVITY_MSG.answerRequired('¿Alergias?')],
      [{ [text]: 'No', [yesno]: 'sí' }, ACTIVITY_MSG.answerYesNo('¿Sabe nadar?')],
      [{ [text]: 'No', [yesno]: true, [choice]: 'XL' }, ACTIVITY_MSG.answerChoice('Talla')],
      [{ [text]: true, [yesno]: true }, ACTIVITY_MSG.answerText('¿Alergias?')],
      [{ [text]: 'x'.repeat(501), [yesno]: true }, ACTIVITY_MSG.answerTooLong('¿Alergias?')],
      [{ [text]: 'No', [yesno]: true, 999999: 'x' }, ACTIVITY_MSG.answerUnknownQuestion],
    ];
    for (const [answers, message] of cases) {
      const res = await signup(mother, created.id, thirteenth.id, true, answers);
      expect(res.statusCode, JSON.stringify(answers)).toBe(400);
      expect(res.json().message, JSON.stringify(answers)).toBe(message);
    }
    expect((await statusOf(father, created.id, thirteenth.id)).signup).toBe('pendiente');
    const ok = await signup(mother, created.id, thirteenth.id, true, {
      [text]: '  Polen  ',
      [yesno]: false,
      [choice]: 'M',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().answers).toEqual({ [text]: 'Polen', [yesno]: false, [choice]: 'M' });
    expect((await statusOf(father, created.id, thirteenth.id)).answers).toEqual({
      [text]: 'Polen',
      [yesno]: false,
      [choice]: 'M',
    });
    // «No va» needs no answer.
    expect((await signup(father, created.id, thirteenth.id, false)).statusCode).toBe(200);
    const noGoing = await signup(mother, created.id, thirteenth.id, 'x' as unknown as boolean);
    expect(noGoing.statusCode).toBe(400);
    expect(noGoing.json().message).toBe(ACTIVITY_MSG.goingRequired);
  });

  it('needs_answer while a child is pending, and while one who goes lacks the autorización', async () => {
    const { id } = await createActivity(t.app, admin, { section_ids: [tropa] });
    const read = async () => (await send('GET', `/api/activities/${id}`, mother)).json();
    expect((await read()).needs_answer).toBe(true);
    await signup(mother, id, thirteenth.id, true);
    const going = await read();
    expect(going.needs_answer).toBe(true);
    expect(going.children[0].authorization).toEqual({
      state: 'missing',
      required_signers: 1,
      signatures: [],
    });
    await signup(mother, id, thirteenth.id, false);
    expect((await read()).needs_answer).toBe(false);
  });
});

describe('cancelling and changing the terms', () => {
  it('cancelling mails every family with a child going or waiting, and no other', async () => {
    const { id } = await createActivity(t.app, admin, {
      section_ids: [tropa],
      title: 'Salida que se cancela',
      places: 1,
    });
    const [a, b, c] = firstThree();
    await signup(a.guardian, id, a.child.id, true);
    await signup(b.guardian, id, b.child.id, true);
    await signup(c.guardian, id, c.child.id, false);
    await send('POST', `/api/activities/${id}/status`, admin, { status: 'cancelada' });
    const mails = await queuedMails(t.app, 'Actividad cancelada: Salida que se cancela');
    expect(mails.map((m) => m.recipient).sort()).toEqual(
      [a.guardian.email, b.guardian.email].sort(),
    );
    expect(mails[0]?.text).toContain('La actividad «Salida que se cancela» se ha cancelado.');
  });

  it('a change of place after signatures supersedes them and asks those families to sign again', async () => {
    const { id } = await createActivity(t.app, admin, {
      section_ids: [tropa],
      title: 'Acampada que cambia',
    });
    const now = nowIso();
    const signed = (child: number, guardian: number | null, extra = {}) => ({
      activity_id: id,
      child_id: child,
      method: 'online' as const,
      guardian_id: guardian,
      signer_name: 'Firmante',
      signed_at: now,
      ...extra,
    });
    const first = families[0] as (typeof families)[number];
    const second = families[1] as (typeof families)[number];
    await t.app.ctx.db.kysely
      .insertInto('activity_authorizations')
      .values([
        signed(thirteenth.id, mother.row.id),
        signed(first.child.id, first.guardian.row.id),
        // Withdrawn already: stays as it was, and that family is not asked.
        signed(second.child.id, second.guardian.row.id, { withdrawn_at: now }),
      ])
      .execute();
    const before = await statusOf(father, id, thirteenth.id);
    expect(before.authorization.signatures).toEqual([
      {
        id: expect.any(Number),
        method: 'online',
        signer_name: 'Firmante',
        signed_at: now,
        mine: false,
      },
    ]);
    expect((await statusOf(mother, id, thirteenth.id)).authorization.signatures[0].mine).toBe(true);
    const changed = {
      section_ids: [tropa],
      title: 'Acampada que cambia',
      place: 'Refugio de Peñalara',
    };
    const edit = await editActivity(t.app, admin, id, changed);
    expect(edit.statusCode).toBe(200);
    const rows = await t.app.ctx.db.kysely
      .selectFrom('activity_authorizations')
      .select(['child_id', 'superseded_at', 'withdrawn_at'])
      .where('activity_id', '=', id)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.child_id, r.superseded_at !== null])).toEqual([
      [thirteenth.id, true],
      [first.child.id, true],
      [second.child.id, false],
    ]);
    expect((await statusOf(mother, id, thirteenth.id)).authorization.state).toBe('missing');
    const mails = await queuedMails(t.app, 'Vuelve a firmar la autorización: Acampada que cambia');
    expect(mails.map((m) => m.recipient).sort()).toEqual(
      [mother.email, father.email, first.guardian.email].sort(),
    );
    expect(mails[0]?.text).toContain('en Refugio de Peñalara.');
    // A change of the description alone supersedes nothing more and mails nobody.
    const again = await editActivity(t.app, admin, id, { ...changed, description: 'Otra' });
    expect(again.statusCode).toBe(200);
    expect(
      await queuedMails(t.app, 'Vuelve a firmar la autorización: Acampada que cambia'),
    ).toHaveLength(3);
  });

  it('a start moved into the past is refused; one already past may stay on an edit', async () => {
    const { id } = await createActivity(t.app, admin, { section_ids: [tropa] });
    const res = await send('PUT', `/api/activities/${id}`, admin, {
      ...activityInput({ section_ids: [tropa] }),
      starts_at: daysFromNow(-1),
      meeting_at: daysFromNow(-1.1),
      signup_deadline: daysFromNow(-2),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ACTIVITY_MSG.startInPast);
  });
});
