import { createHash } from 'node:crypto';
import { fillAuthorizationText } from '@fogata/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-app.js';
import { calendarEvents, pdfText } from '../test/documents.js';
import { createUser, type TestUser } from '../test/factories.js';
import { assignScouter, createChildRow } from '../test/family-factories.js';
import { multipart, pngImage } from '../test/images.js';
import { certify } from '../test/safeguarding-factories.js';
import { type ReceivedMail, type SmtpReceiver, startSmtpReceiver } from '../test/smtp.js';
import { waitUntil } from '../test/wait.js';

/*
 * The activities' whole story through the API, on the suite's database (SQLite in the unit run,
 * PostgreSQL in the pg run) with a real SMTP receiver: the scouter's acampada with twelve places,
 * the families' answers and signatures, the waiting list, the board and its exports, the reminder
 * and the family's calendar, up to the cancellation. The browser walks the same story in
 * e2e/activities.spec.ts.
 */

let t: TestApp;
let smtp: SmtpReceiver;

const DAY = 24 * 60 * 60 * 1000;
/** An instant `days` from now at `hour` UTC, on the wire's form. */
const inDays = (days: number, hour: number) => {
  const d = new Date(Date.now() + days * DAY);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString();
};

const TITLE = 'Acampada de primavera en el Moncayo';
const QUESTION = '¿Alguna alergia o dieta especial?';

interface ChildStatus {
  child_id: number;
  signup: 'pendiente' | 'va' | 'no_va' | 'espera';
  waiting_position: number | null;
  answers: Record<string, string | boolean>;
  authorization: {
    state: 'missing' | 'partial' | 'online' | 'paper';
    required_signers: number;
    signatures: { id: number; method: string; signer_name: string | null; mine: boolean }[];
  };
}

interface BoardRow {
  child_id: number;
  child_name: string;
  signup: ChildStatus['signup'];
  waiting_position: number | null;
  answers: Record<string, string | boolean>;
  authorization: { state: ChildStatus['authorization']['state']; via: string | null };
  payment: { amount_cents: number; method: string } | null;
}

interface Board {
  counts: Record<
    'total' | 'pendiente' | 'va' | 'no_va' | 'espera' | 'autorizado' | 'sin_autorizar' | 'pagado',
    number
  >;
  rows: BoardRow[];
}

/** The story's people: the scouter of the Tropa, its families, and a family of the Manada. */
let scouter: TestUser;
let tutoraAna: TestUser; // Lucas's mother
let tutorPablo: TestUser; // Lucas's father
let tutoraBea: TestUser; // Irene's
let tutorCarlos: TestUser; // Nico's: the thirteenth «Va»
let tutoraDiana: TestUser; // Vega's: never answers
let tutorManada: TestUser; // Leo's, in the Manada
let lucas: number;
let irene: number;
let nico: number;
let vega: number;
let leo: number;
/** Tropa children whose places the scouter answers for (they have no account of a family). */
const others: number[] = [];
let activityId: number;
let questionId: string;

const api = (
  user: TestUser,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });

/** Every mail received so far to `user`, taken off the receiver's list. */
function takeMailTo(user: TestUser): ReceivedMail[] {
  const mine = smtp.messages.filter((m) => m.to.includes(user.email));
  for (const m of mine) smtp.messages.splice(smtp.messages.indexOf(m), 1);
  return mine;
}

/** Waits until every queued mail has gone out (the queue sends on its own). */
async function mailSettled() {
  await waitUntil('la cola de correo vacía', async () => {
    const pending = await t.app.ctx.db.kysely
      .selectFrom('mail_queue')
      .select('id')
      .where('next_attempt_at', 'is not', null)
      .execute();
    return pending.length === 0;
  });
}

async function signUp(user: TestUser, childId: number, going: boolean, answer = 'Ninguna') {
  const res = await api(user, 'PUT', `/api/activities/${activityId}/children/${childId}/signup`, {
    going,
    answers: going ? { [questionId]: answer } : {},
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ChildStatus;
}

/** The child's status as their family reads it on the activity's page. */
async function statusOf(user: TestUser, childId: number): Promise<ChildStatus> {
  const res = await api(user, 'GET', `/api/activities/${activityId}`);
  expect(res.statusCode, res.body).toBe(200);
  const child = (res.json() as { children: ChildStatus[] }).children.find(
    (c) => c.child_id === childId,
  );
  if (!child) throw new Error(`El educando ${childId} no aparece en la actividad`);
  return child;
}

async function board(): Promise<Board> {
  const res = await api(scouter, 'GET', `/api/activities/${activityId}/board`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Board;
}

const rowOf = (b: Board, childId: number) => b.rows.find((r) => r.child_id === childId);

/** A guardian signs the autorización as the web does: the text they were shown, its SHA-256. */
async function sign(user: TestUser, childId: number, fullName: string, dni: string) {
  const url = `/api/activities/${activityId}/children/${childId}/authorization`;
  const shown = await api(user, 'GET', url);
  expect(shown.statusCode, shown.body).toBe(200);
  const { template, values, confirm_with } = shown.json() as {
    template: string;
    values: Record<string, string>;
    confirm_with: string;
  };
  expect(confirm_with).toBe('password');
  const text = fillAuthorizationText(template, { ...values, tutor: fullName, dni });
  expect(text).toContain(TITLE);
  const res = await api(user, 'POST', url, {
    full_name: fullName,
    dni,
    password: user.password,
    text_sha256: createHash('sha256').update(text, 'utf8').digest('hex'),
  });
  expect(res.statusCode, res.body).toBe(201);
  return text;
}

/** The family's calendar feed, parsed: the acampada's event (or undefined). */
async function feedEvent(user: TestUser) {
  const feeds = await api(user, 'GET', '/api/calendar-feeds');
  expect(feeds.statusCode, feeds.body).toBe(200);
  const { family } = feeds.json() as { family: string | null };
  if (!family) throw new Error('La familia no tiene calendario');
  const { pathname } = new URL(family);
  // The feed is read by a calendar app, with no session: the URL is the key.
  const res = await t.app.inject({ url: pathname });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/calendar/);
  return calendarEvents(res.body).find((e) => e.summary === TITLE);
}

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await buildTestApp({ smtpUrl: smtp.url });
  const { app } = t;
  scouter = await createUser(app, { role: 'scouter', name: 'Nerea Scouter' });
  // Named in charge: her certificado negativo is current.
  await certify(app, scouter.row.id);
  await assignScouter(app, scouter.row.id, 'Tropa');
  tutoraAna = await createUser(app, { name: 'Ana Pérez Gil' });
  tutorPablo = await createUser(app, { name: 'Pablo Ruiz Soto' });
  tutoraBea = await createUser(app, { name: 'Beatriz Sanz' });
  tutorCarlos = await createUser(app, { name: 'Carlos Vidal' });
  tutoraDiana = await createUser(app, { name: 'Diana Mora' });
  tutorManada = await createUser(app, { name: 'Marcos Lobato' });
  const child = async (name: string, section: string, guardians: TestUser[]) =>
    (await createChildRow(app, { name, section, guardians: guardians.map((g) => g.row.id) })).id;
  lucas = await child('Lucas Ruiz Pérez', 'Tropa', [tutoraAna, tutorPablo]);
  irene = await child('Irene Sanz Gómez', 'Tropa', [tutoraBea]);
  nico = await child('Nico Vidal Rey', 'Tropa', [tutorCarlos]);
  vega = await child('Vega Mora Díaz', 'Tropa', [tutoraDiana]);
  leo = await child('Leo Lobato Ramos', 'Manada', [tutorManada]);
  for (let i = 1; i <= 11; i += 1) others.push(await child(`Educando Tropa ${i}`, 'Tropa', []));
}, 60_000);

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('an acampada of the Tropa, from its announcement to its cancellation', () => {
  it('the scouter creates it with twelve places, a question and both guardians, and publishes it', async () => {
    const created = await api(scouter, 'POST', '/api/activities', {
      title: TITLE,
      kind: 'acampada',
      section_ids: [
        (await api(scouter, 'GET', '/api/sections'))
          .json()
          .find((s: { name: string }) => s.name === 'Tropa').id,
      ],
      starts_at: inDays(20, 8),
      ends_at: inDays(22, 16),
      repeats_weekly_until: null,
      place: 'Refugio de Agramonte',
      meeting_point: 'Plaza de la iglesia',
      meeting_at: inDays(20, 7),
      return_point: 'Plaza de la iglesia',
      return_at: inDays(22, 17),
      transport: 'Autobús',
      price_cents: 3500,
      places: 12,
      signup_deadline: inDays(10, 21),
      in_charge_id: scouter.row.id,
      description: 'Dos noches en el refugio: saco, esterilla y linterna.',
      both_guardians: true,
      questions: [{ label: QUESTION, kind: 'text', options: null, required: true }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const activity = created.json() as {
      id: number;
      status: string;
      questions: { id: number | string; label: string }[];
    };
    expect(activity.status).toBe('borrador');
    activityId = activity.id;
    questionId = String(activity.questions[0]?.id);
    expect(activity.questions.map((q) => q.label)).toEqual([QUESTION]);

    // A draft is the managers' alone: no family sees it, no mail has gone.
    expect((await api(tutoraAna, 'GET', `/api/activities/${activityId}`)).statusCode).toBe(404);

    const published = await api(scouter, 'POST', `/api/activities/${activityId}/status`, {
      status: 'publicada',
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().status).toBe('publicada');
  });

  it('the Tropa families get the announcement; the Manada family gets nothing and never sees it', async () => {
    await mailSettled();
    for (const family of [tutoraAna, tutorPablo, tutoraBea, tutorCarlos, tutoraDiana]) {
      const mails = takeMailTo(family);
      expect(mails, family.email).toHaveLength(1);
      expect(`${mails[0]?.subject}\n${mails[0]?.text}`).toContain(TITLE);
    }
    expect(takeMailTo(tutorManada)).toEqual([]);

    const list = await api(tutorManada, 'GET', '/api/activities');
    expect(list.statusCode).toBe(200);
    const { upcoming, past } = list.json() as {
      upcoming: { id: number }[];
      past: { id: number }[];
    };
    expect([...upcoming, ...past].map((a) => a.id)).not.toContain(activityId);
    const page = await api(tutorManada, 'GET', `/api/activities/${activityId}`);
    expect(page.statusCode).toBe(404);
    expect(page.body).not.toContain(TITLE);
    const signup = await api(
      tutorManada,
      'PUT',
      `/api/activities/${activityId}/children/${leo}/signup`,
      { going: true, answers: { [questionId]: 'Ninguna' } },
    );
    expect(signup.statusCode).toBe(404);
    expect(signup.body).not.toContain(TITLE);

    // A family of the Tropa sees it coming, their child pending and needing an answer.
    const mine = await api(tutoraAna, 'GET', '/api/activities');
    const item = (
      mine.json() as { upcoming: { id: number; needs_answer: boolean }[] }
    ).upcoming.find((a) => a.id === activityId);
    expect(item?.needs_answer).toBe(true);
    expect((await statusOf(tutoraAna, lucas)).signup).toBe('pendiente');
  });

  it('a family signs up their child and answers; both parents see the same answer', async () => {
    const status = await signUp(tutoraAna, lucas, true, 'Celíaco');
    expect(status.signup).toBe('va');
    expect(status.answers).toEqual({ [questionId]: 'Celíaco' });
    expect(status.authorization).toMatchObject({ state: 'missing', required_signers: 2 });
    const seenByFather = await statusOf(tutorPablo, lucas);
    expect(seenByFather.signup).toBe('va');
    expect(seenByFather.answers).toEqual({ [questionId]: 'Celíaco' });
  });

  it('both guardians sign with DNI and password; the signed PDF arrives by mail', async () => {
    const text = await sign(tutoraAna, lucas, 'Ana Pérez Gil', '12345678Z');
    expect(text).toContain('Ana Pérez Gil, con DNI/NIE 12345678Z');
    expect((await statusOf(tutoraAna, lucas)).authorization.state).toBe('partial');
    // The DNI is kept on her profile, for the next time.
    const dni = await api(tutoraAna, 'GET', '/api/profile/dni');
    expect(dni.json()).toEqual({ dni: '12345678Z' });

    await sign(tutorPablo, lucas, 'Pablo Ruiz Soto', 'X1234567L');
    const signed = await statusOf(tutorPablo, lucas);
    expect(signed.authorization.state).toBe('online');
    expect(signed.authorization.signatures.map((s) => [s.signer_name, s.mine])).toEqual([
      ['Ana Pérez Gil', false],
      ['Pablo Ruiz Soto', true],
    ]);

    // Each signer gets their signed autorización as a PDF.
    await mailSettled();
    for (const [family, dniSigned] of [
      [tutoraAna, '12345678Z'],
      [tutorPablo, 'X1234567L'],
    ] as const) {
      const pdfs = takeMailTo(family).flatMap((m) =>
        m.attachments.filter((a) => a.contentType === 'application/pdf'),
      );
      expect(pdfs, family.email).toHaveLength(1);
      const content = await pdfText(pdfs[0]!.content);
      expect(content).toContain('Lucas Ruiz Pérez');
      expect(content).toContain(TITLE);
      expect(content).toContain(dniSigned);
    }
    // And can download it later.
    const mine = signed.authorization.signatures.find((s) => s.mine);
    const download = await api(tutorPablo, 'GET', `/api/authorizations/${mine?.id}/pdf`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(await pdfText(download.rawPayload)).toContain('X1234567L');
  });

  it('the thirteenth «Va» waits in line, and moves up when a family says «No va»', async () => {
    expect((await signUp(tutoraBea, irene, true)).signup).toBe('va');
    // Ten more places taken by the scouter, for children whose families answered on paper;
    // the eleventh of them does not go.
    for (const child of others.slice(0, 10)) {
      const res = await api(
        scouter,
        'PUT',
        `/api/activities/${activityId}/children/${child}/signup`,
        {
          going: true,
          answers: { [questionId]: 'Ninguna' },
        },
      );
      expect(res.json().signup).toBe('va');
    }
    const notGoing = others[10]!;
    const no = await api(
      scouter,
      'PUT',
      `/api/activities/${activityId}/children/${notGoing}/signup`,
      {
        going: false,
        answers: {},
      },
    );
    expect(no.json().signup).toBe('no_va');

    const waiting = await signUp(tutorCarlos, nico, true);
    expect(waiting.signup).toBe('espera');
    expect(waiting.waiting_position).toBe(1);
    const summary = (await api(tutorCarlos, 'GET', `/api/activities/${activityId}`)).json();
    expect([summary.places, summary.taken]).toEqual([12, 12]);

    // The board, with every answer there is: pending, going, not going, waiting.
    const before = await board();
    expect(before.counts).toMatchObject({
      total: 15,
      pendiente: 1,
      va: 12,
      no_va: 1,
      espera: 1,
    });
    expect(rowOf(before, vega)?.signup).toBe('pendiente');
    expect(rowOf(before, nico)).toMatchObject({ signup: 'espera', waiting_position: 1 });
    expect(rowOf(before, notGoing)?.signup).toBe('no_va');
    expect(rowOf(before, lucas)).toMatchObject({
      signup: 'va',
      answers: { [questionId]: 'Celíaco' },
      authorization: { state: 'online', via: 'online' },
    });
    expect(before.rows.map((r) => r.child_id)).not.toContain(leo);

    await mailSettled();
    takeMailTo(tutorCarlos);
    expect((await signUp(tutoraBea, irene, false)).signup).toBe('no_va');
    const movedUp = await statusOf(tutorCarlos, nico);
    expect(movedUp.signup).toBe('va');
    expect(movedUp.waiting_position).toBeNull();
    await mailSettled();
    const told = takeMailTo(tutorCarlos);
    expect(told).toHaveLength(1);
    expect(`${told[0]?.subject}\n${told[0]?.text}`).toContain(TITLE);
  });

  it('the board shows payments and a paper autorización, and exports CSV and PDF', async () => {
    const paid = await api(
      scouter,
      'PUT',
      `/api/activities/${activityId}/children/${lucas}/payment`,
      {
        amount_cents: 3500,
        method: 'bizum',
      },
    );
    expect(paid.statusCode, paid.body).toBe(200);
    const scan = multipart({ note: 'Firmada en la reunión del sábado' }, [
      { field: 'file', filename: 'autorizacion.png', type: 'image/png', data: await pngImage() },
    ]);
    const paper = await t.app.inject({
      method: 'POST',
      url: `/api/activities/${activityId}/children/${others[0]}/paper-authorization`,
      headers: { ...scouter.headers, ...scan.headers },
      payload: scan.payload,
    });
    expect(paper.statusCode, paper.body).toBe(201);

    const after = await board();
    expect(after.counts).toMatchObject({
      total: 15,
      pendiente: 1,
      va: 12,
      no_va: 2,
      espera: 0,
      autorizado: 2,
      pagado: 1,
    });
    expect(rowOf(after, lucas)?.payment).toMatchObject({ amount_cents: 3500, method: 'bizum' });
    expect(rowOf(after, others[0]!)?.authorization).toMatchObject({ state: 'paper', via: 'paper' });
    expect(rowOf(after, nico)?.authorization).toMatchObject({ state: 'missing', via: null });

    const csv = await api(scouter, 'GET', `/api/activities/${activityId}/participants.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toContain(QUESTION);
    const lucasLine = lines.find((l) => l.includes('Lucas Ruiz Pérez'));
    expect(lucasLine).toContain('Tropa');
    expect(lucasLine).toContain('Celíaco');
    expect(lines.some((l) => l.includes('Nico Vidal Rey'))).toBe(true);
    // Children from outside the audience are not there.
    expect(csv.body).not.toContain('Leo Lobato Ramos');

    const pdf = await api(scouter, 'GET', `/api/activities/${activityId}/participants.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const printed = await pdfText(pdf.rawPayload);
    expect(printed).toContain(TITLE);
    expect(printed).toContain('Lucas Ruiz Pérez');
    expect(printed).toContain('Nico Vidal Rey');
    expect(printed).not.toContain('Leo Lobato Ramos');

    // A family never reads the board.
    expect((await api(tutoraAna, 'GET', `/api/activities/${activityId}/board`)).statusCode).toBe(
      403,
    );
  });

  it('the reminder goes to the families still pending, once', async () => {
    await mailSettled();
    for (const family of [
      tutoraAna,
      tutorPablo,
      tutoraBea,
      tutorCarlos,
      tutoraDiana,
      tutorManada,
    ]) {
      takeMailTo(family);
    }
    const sent = await api(scouter, 'POST', `/api/activities/${activityId}/reminders`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ families: 1 });
    await mailSettled();
    const reminded = takeMailTo(tutoraDiana);
    expect(reminded).toHaveLength(1);
    expect(`${reminded[0]?.subject}\n${reminded[0]?.text}`).toContain(TITLE);
    for (const family of [tutoraAna, tutorPablo, tutoraBea, tutorCarlos, tutorManada]) {
      expect(takeMailTo(family), family.email).toEqual([]);
    }
  });

  it("the family's calendar carries the acampada, then its cancellation", async () => {
    const before = await feedEvent(tutoraAna);
    expect(before).toMatchObject({ start: inDays(20, 8) });
    expect(before?.status).not.toBe('CANCELLED');
    // Not in the Manada family's.
    expect(await feedEvent(tutorManada)).toBeUndefined();

    await mailSettled();
    for (const family of [tutoraAna, tutorPablo, tutoraBea, tutorCarlos, tutoraDiana]) {
      takeMailTo(family);
    }
    const cancelled = await api(scouter, 'POST', `/api/activities/${activityId}/status`, {
      status: 'cancelada',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().status).toBe('cancelada');

    const after = await feedEvent(tutoraAna);
    expect(after?.uid).toBe(before?.uid);
    expect(after?.status).toBe('CANCELLED');
    expect(after?.sequence).toBeGreaterThan(before?.sequence ?? 0);

    // Every family that had signed up is told; the one that never answered is not.
    await mailSettled();
    for (const family of [tutoraAna, tutorPablo, tutorCarlos]) {
      const mails = takeMailTo(family);
      expect(mails, family.email).toHaveLength(1);
      expect(`${mails[0]?.subject}\n${mails[0]?.text}`).toContain(TITLE);
    }
    expect(takeMailTo(tutoraDiana)).toEqual([]);
  });
});
