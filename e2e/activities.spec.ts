import { readFileSync } from 'node:fs';
import type { APIRequestContext, Browser, Download, Page } from '@playwright/test';
import { calendarEvents, pdfText } from '../packages/server/src/test/documents.js';
import {
  apiToken,
  bornYearsAgo,
  createChild,
  createMember,
  firstAdminToken,
  login,
  PASSWORD,
} from './support/app.js';
import { E2E } from './support/env.js';
import { expect, test } from './support/fixtures.js';
import { allMail, type CapturedMail, pathOf } from './support/mail.js';
import { screen } from './support/shots.js';

// Activities end to end (decision 170): a scouter's acampada of the Tropa with twelve places, a
// question and both guardians; the families answer and sign on their phones; the thirteenth
// waits and moves up; the board, its exports and the reminder; the family's calendar, up to the
// cancellation. It runs on SQLite and, in `npm test -- e2e-pg`, with the server on PostgreSQL:
// everything it needs is made through the API, never with dbRun.
test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
const TITLE = `Acampada de primavera ${stamp}`;
const QUESTION = '¿Alguna alergia o dieta especial?';
const PHONE = { width: 375, height: 800 };

interface Person {
  email: string;
  name: string;
}
let scouter: Person;
let ana: Person; // Lucas's mother
let pablo: Person; // Lucas's father
let bea: Person; // Irene's
let carlos: Person; // Nico's: the thirteenth «Va»
let diana: Person; // Vega's: never answers
let manada: Person; // Leo's, in the Manada
const lucas = `Lucas Ruiz Pérez ${stamp}`;
const irene = `Irene Sanz Gómez ${stamp}`;
const nico = `Nico Vidal Rey ${stamp}`;
const vega = `Vega Mora Díaz ${stamp}`;
const leo = `Leo Lobato Ramos ${stamp}`;
const ids: Record<string, number> = {};
/** Tropa children whose families answered on paper: the scouter answers for them. */
const others: number[] = [];
let activityId = 0;

const auth = async (request: APIRequestContext, email: string) => ({
  Authorization: `Bearer ${await apiToken(request, email)}`,
});

/** The mails to `email` whose subject or text names the acampada. */
const mailsAbout = (email: string): CapturedMail[] =>
  allMail().filter(
    (m) => m.to.includes(email.toLowerCase()) && `${m.subject}\n${m.text}`.includes(TITLE),
  );

/** A page of its own for `who`, signed in, at `viewport`. */
async function signedIn(browser: Browser, who: Person, viewport = PHONE) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await login(page, who.email);
  return page;
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(300_000);
  const admin = { Authorization: `Bearer ${await firstAdminToken(request)}` };
  scouter = await createMember(request, E2E.firstAdminEmail, 'scouter', `Nerea Scouter ${stamp}`);
  const sections = (await (await request.get('/api/sections')).json()) as {
    id: number;
    name: string;
  }[];
  const tropa = sections.find((s) => s.name === 'Tropa');
  const me = await request.get('/api/profile/me', { headers: await auth(request, scouter.email) });
  const scouterId = ((await me.json()) as { id: number }).id;
  const current = (await (
    await request.get(`/api/sections/${tropa?.id}/scouters`, { headers: admin })
  ).json()) as { id: number }[];
  const assigned = await request.put(`/api/sections/${tropa?.id}/scouters`, {
    headers: admin,
    data: { user_ids: [...current.map((s) => s.id), scouterId] },
  });
  expect(assigned.ok()).toBe(true);

  const member = (name: string) => createMember(request, E2E.firstAdminEmail, 'usuario', name);
  ana = await member('Ana Pérez Gil');
  pablo = await member('Pablo Ruiz Soto');
  bea = await member('Beatriz Sanz');
  carlos = await member('Carlos Vidal');
  diana = await member('Diana Mora');
  manada = await member('Marcos Lobato');
  const child = async (fullName: string, section: string, guardians: Person[]) =>
    createChild(request, E2E.firstAdminEmail, {
      fullName,
      birthDate: bornYearsAgo(section === 'Manada' ? 9 : 12),
      section,
      guardians: guardians.map((g) => g.email),
    });
  ids[lucas] = await child(lucas, 'Tropa', [ana, pablo]);
  ids[irene] = await child(irene, 'Tropa', [bea]);
  ids[nico] = await child(nico, 'Tropa', [carlos]);
  ids[vega] = await child(vega, 'Tropa', [diana]);
  ids[leo] = await child(leo, 'Manada', [manada]);
  for (let i = 1; i <= 11; i += 1) {
    others.push(await child(`Educando Tropa ${i} ${stamp}`, 'Tropa', []));
  }
});

/** A local date and time in Madrid, `days` from now at `time`, as a datetime-local input takes it. */
function madridInput(days: number, time: string) {
  const day = new Date(Date.now() + days * 86_400_000).toLocaleDateString('sv-SE', {
    timeZone: 'Europe/Madrid',
  });
  return `${day}T${time}`;
}

/** The bytes of a file the page downloaded. */
async function readDownload(download: Download): Promise<Buffer> {
  return readFileSync(await download.path());
}

/** At a phone's width, nothing of the page sticks out sideways. */
async function expectNoSideScroll(page: Page, where: string) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  const viewport = page.viewportSize()?.width ?? 0;
  expect.soft(width, `${where}: el ancho de la página`).toBeLessThanOrEqual(viewport);
}

/** The card of `child` on an activity's page. */
const childCard = (page: Page, child: string) => page.getByRole('region', { name: child });

/** A guardian answers for `child` on the activity's page: «Va» (with the answer) or «No va». */
async function answer(page: Page, child: string, going: boolean, answerText = 'Ninguna') {
  const card = childCard(page, child);
  await card.getByLabel(going ? /^(Va|Sigue en la lista de espera)$/ : 'No va').check();
  if (going) await card.getByLabel(QUESTION).fill(answerText);
  await card.getByRole('button', { name: 'Guardar respuesta' }).click();
}

/** A guardian reads the autorización in its dialog and signs it with their DNI and password. */
async function signAuthorization(page: Page, child: string, who: Person, dni: string) {
  await childCard(page, child)
    .getByRole('button', { name: 'Leer y firmar la autorización' })
    .click();
  const dialog = page.getByRole('dialog', { name: `Autorización de ${child}` });
  const text = dialog.getByLabel('Texto de la autorización');
  await expect(text).toContainText(TITLE);
  await dialog.getByLabel('Tu nombre y apellidos').fill(who.name);
  await dialog.getByLabel('DNI o NIE').fill(dni);
  // The text shows the name and DNI as they are typed: what is signed is what is read.
  await expect(text).toContainText(`${who.name}, con DNI/NIE ${dni}`);
  await dialog.getByLabel('Tu contraseña').fill(PASSWORD);
  return dialog;
}

/** The PDFs attached to the mails to `email` about the acampada, read as text. */
async function signedPdfs(email: string): Promise<string[]> {
  const pdfs = mailsAbout(email).flatMap((m) =>
    (m.attachments ?? []).filter((a) => a.contentType === 'application/pdf'),
  );
  return Promise.all(pdfs.map((a) => pdfText(Buffer.from(a.content, 'base64'))));
}

/** The acampada's event in the calendar feed at `url` (read with no session: the URL is the key). */
async function feedEvent(request: APIRequestContext, url: string) {
  const res = await request.get(pathOf(url));
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^text\/calendar/);
  return calendarEvents(await res.text()).find((e) => e.summary === TITLE);
}

test('a scouter creates the Tropa acampada in the form: twelve places, a question, both guardians', async ({
  page,
}) => {
  await login(page, scouter.email);
  await page.goto('/actividades');
  await expect(page.getByRole('heading', { level: 1, name: 'Actividades' })).toBeVisible();
  await page.getByRole('link', { name: 'Nueva actividad' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nueva actividad' })).toBeVisible();

  await page.getByLabel('Título').fill(TITLE);
  await page.getByLabel('Tipo').selectOption({ label: 'Acampada' });
  await page.getByLabel('Tropa').check();
  await page.getByLabel('Empieza').fill(madridInput(20, '10:00'));
  await page.getByLabel('Termina').fill(madridInput(22, '17:00'));
  await page.getByLabel('Lugar').fill('Refugio de Agramonte');
  await page.getByLabel('Punto de encuentro').fill('Plaza de la iglesia');
  await page.getByLabel('Punto de regreso').fill('Plaza de la iglesia');
  await page.getByLabel('Transporte').fill('Autobús');
  await page.getByLabel('Precio (€)').fill('35');
  await page.getByLabel('Plazas').fill('12');
  await page.getByLabel('Fin de la inscripción').fill(madridInput(10, '21:00'));
  await page
    .getByLabel('Descripción')
    .fill('Dos noches en el refugio: saco, esterilla y linterna.');
  await page.getByLabel('Requiere la firma de ambos tutores').check();
  await page.getByRole('button', { name: 'Añadir pregunta' }).click();
  await page.getByLabel('Pregunta', { exact: true }).fill(QUESTION);
  await page.getByLabel('Obligatoria').check();
  await screen(page, 'activities-form');

  await page.getByRole('button', { name: 'Publicar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  activityId = Number(/\/actividades\/(\d+)$/.exec(page.url())?.[1]);
  expect(activityId).toBeGreaterThan(0);
  await expect(page.getByText('Quedan 12 de 12')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Tablero' })).toBeVisible();
  await screen(page, 'activities-page-manager');
});

test('the Tropa families get the announcement; the Manada family never sees the acampada', async ({
  browser,
  request,
}) => {
  for (const family of [ana, pablo, bea, carlos, diana]) {
    await expect
      .poll(() => mailsAbout(family.email).length, { message: `el aviso a ${family.email}` })
      .toBeGreaterThanOrEqual(1);
  }

  const page = await signedIn(browser, manada);
  await page.goto('/actividades');
  await expect(page.getByRole('heading', { level: 2, name: 'Próximas' })).toBeVisible();
  await expect(page.getByText('Cargando actividades...')).toHaveCount(0);
  await expect(page.getByText(TITLE)).toHaveCount(0);
  await page.goto(`/actividades/${activityId}`);
  await expect(page.getByText('Esta actividad no existe o no puedes verla.')).toBeVisible();
  await expect(page.getByText(TITLE)).toHaveCount(0);
  await page.context().close();

  const headers = await auth(request, manada.email);
  const list = await request.get('/api/activities', { headers });
  expect(await list.text()).not.toContain(TITLE);
  expect((await request.get(`/api/activities/${activityId}`, { headers })).status()).toBe(404);
  expect(mailsAbout(manada.email)).toEqual([]);
});

test('a mother answers and signs on her phone, the father signs on his computer; the signed PDF arrives by mail', async ({
  browser,
}) => {
  const page = await signedIn(browser, ana);
  await page.goto('/actividades');
  const card = page.getByRole('article').filter({ hasText: TITLE });
  await expect(card.getByText('Falta tu respuesta')).toBeVisible();
  await screen(page, 'activities-list-family');
  await card.getByRole('link', { name: TITLE }).click();
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(childCard(page, lucas)).toBeVisible();
  await expect(
    page.getByText('Esta actividad necesita la firma de los dos tutores.'),
  ).toBeVisible();
  await screen(page, 'activity-page-family');

  await answer(page, lucas, true, 'Celíaco');
  await expect(page.getByText(`Respuesta de ${lucas} guardada.`)).toBeVisible();
  const dialog = await signAuthorization(page, lucas, ana, '12345678Z');
  await screen(page, 'activity-sign-modal');
  await dialog.getByRole('button', { name: 'Firmar' }).click();
  await expect(
    page.getByText('Autorización firmada. Te enviamos una copia en PDF por correo.'),
  ).toBeVisible();
  await expect(childCard(page, lucas).getByText('1 de 2 firmas')).toBeVisible();
  await expect(childCard(page, lucas).getByText('Falta una firma')).toBeVisible();
  await expectNoSideScroll(page, 'la actividad en el móvil');
  await page.context().close();

  const father = await signedIn(browser, pablo, { width: 1280, height: 800 });
  await father.goto(`/actividades/${activityId}`);
  // Both parents read the same answer.
  await expect(childCard(father, lucas).getByLabel(QUESTION)).toHaveValue('Celíaco');
  const his = await signAuthorization(father, lucas, pablo, 'X1234567L');
  await his.getByRole('button', { name: 'Firmar' }).click();
  await expect(childCard(father, lucas).getByText('2 de 2 firmas')).toBeVisible();
  await expect(childCard(father, lucas).getByText('Firmada', { exact: true })).toBeVisible();
  await screen(father, 'activity-page-signed');
  await father.context().close();

  for (const [family, dni] of [
    [ana, '12345678Z'],
    [pablo, 'X1234567L'],
  ] as const) {
    await expect
      .poll(async () => (await signedPdfs(family.email)).length, {
        message: `el PDF firmado a ${family.email}`,
      })
      .toBe(1);
    const [text] = await signedPdfs(family.email);
    expect(text).toContain(lucas);
    expect(text).toContain(TITLE);
    expect(text).toContain(dni);
  }
});

test('the thirteenth «Va» waits in line, and moves up when a family says «No va»', async ({
  browser,
  request,
}) => {
  const bearerOf = async (who: Person) => auth(request, who.email);
  const scouterHeaders = await bearerOf(scouter);
  const shown = await request.get(`/api/activities/${activityId}`, { headers: scouterHeaders });
  const [question] = ((await shown.json()) as { questions: { id: number }[] }).questions;
  const signup = async (headers: Record<string, string>, child: number, going: boolean) => {
    const res = await request.put(`/api/activities/${activityId}/children/${child}/signup`, {
      headers,
      data: { going, answers: going ? { [String(question?.id)]: 'Ninguna' } : {} },
    });
    expect(res.status(), await res.text()).toBe(200);
  };
  await signup(await bearerOf(bea), ids[irene]!, true);
  // The scouter answers for ten children whose families answered on paper; one does not go.
  for (const child of others.slice(0, 10)) await signup(scouterHeaders, child, true);
  await signup(scouterHeaders, others[10]!, false);

  const page = await signedIn(browser, carlos);
  await page.goto(`/actividades/${activityId}`);
  await expect(page.getByText('Completas (12 plazas)')).toBeVisible();
  await childCard(page, nico).getByLabel('Va', { exact: true }).check();
  await expect(
    page.getByText('No quedan plazas: si eliges «Va», entrará en la lista de espera.'),
  ).toBeVisible();
  await childCard(page, nico).getByLabel(QUESTION).fill('Ninguna');
  await childCard(page, nico).getByRole('button', { name: 'Guardar respuesta' }).click();
  await expect(
    page.getByText(
      `Respuesta de ${nico} guardada: queda en la lista de espera (n.º 1). Te avisaremos por correo si se libera una plaza.`,
    ),
  ).toBeVisible();
  await expect(childCard(page, nico).getByText('En lista de espera (n.º 1)')).toBeVisible();
  await screen(page, 'activity-page-waiting');

  // The board, as the scouter sees it at the bus stop: every answer there is.
  const board = await signedIn(browser, scouter, { width: 1280, height: 800 });
  await board.goto(`/actividades/${activityId}/tablero`);
  await expect(board.getByRole('heading', { level: 1, name: `Tablero: ${TITLE}` })).toBeVisible();
  await board.getByLabel('Buscar por nombre').fill(String(stamp));
  const row = (child: string) => board.getByRole('row').filter({ hasText: child });
  await expect(row(lucas)).toContainText('Va');
  await expect(row(lucas)).toContainText('Online');
  await expect(row(lucas)).toContainText('Celíaco');
  await expect(row(nico)).toContainText('En lista de espera (n.º 1)');
  await expect(row(vega)).toContainText('Pendiente');
  await expect(row(`Educando Tropa 11 ${stamp}`)).toContainText('No va');
  await expect(row(leo)).toHaveCount(0);
  await expect(board.getByText('12 de 12 plazas cogidas', { exact: false })).toBeVisible();
  await screen(board, 'activity-board-every-state');

  // Irene's mother says «No va» on her phone: Nico takes the place, and his father is told.
  const mother = await signedIn(browser, bea);
  await mother.goto(`/actividades/${activityId}`);
  await answer(mother, irene, false);
  await expect(mother.getByText(`Respuesta de ${irene} guardada.`)).toBeVisible();
  await mother.context().close();

  await expect
    .poll(() => mailsAbout(carlos.email).length, { message: 'el aviso de plaza a Carlos' })
    .toBeGreaterThanOrEqual(2);
  await page.reload();
  await expect(childCard(page, nico).getByText('En lista de espera')).toHaveCount(0);
  await expect(childCard(page, nico).getByLabel('Va', { exact: true })).toBeChecked();
  await page.context().close();

  await board.reload();
  await board.getByLabel('Buscar por nombre').fill(String(stamp));
  await expect(row(nico)).not.toContainText('lista de espera');
  await expect(row(irene)).toContainText('No va');
  await board.context().close();
});

test('the board marks a payment, downloads the participants as CSV and PDF and reminds the pending families', async ({
  page,
}) => {
  await login(page, scouter.email);
  await page.goto(`/actividades/${activityId}/tablero`);
  await page.getByLabel('Buscar por nombre').fill(String(stamp));
  const row = (child: string) => page.getByRole('row').filter({ hasText: child });

  await row(lucas)
    .getByRole('button', { name: `Marcar el pago de ${lucas}` })
    .click();
  const payment = page.getByRole('dialog', { name: `Pago de ${lucas}` });
  await payment.getByLabel('Importe (€)').fill('35');
  await payment.getByRole('group', { name: 'Forma de pago' }).getByLabel('Bizum').check();
  await payment.getByRole('button', { name: 'Guardar pago' }).click();
  await expect(page.getByText(`Pago de ${lucas} guardado.`)).toBeVisible();
  await expect(row(lucas)).toContainText('35,00 € (Bizum)');

  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Descargar CSV' }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/\.csv$/);
  const csvText = (await readDownload(csv)).toString('utf8');
  const lines = csvText.replace(/^\uFEFF/, '').split(/\r?\n/);
  expect(lines[0]).toContain('Educando');
  expect(lines[0]).toContain(QUESTION);
  expect(lines.find((l) => l.includes(lucas))).toContain('Celíaco');
  expect(csvText).toContain(nico);
  expect(csvText).not.toContain(leo);

  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Descargar PDF' }).click(),
  ]);
  expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
  const printed = await pdfText(await readDownload(pdf));
  expect(printed).toContain(TITLE);
  expect(printed).toContain(lucas);
  expect(printed).not.toContain(leo);

  await page.getByRole('button', { name: 'Recordar a las familias pendientes' }).click();
  await expect(page.getByText(/^Se ha avisado a \d+ familias?\.$/)).toBeVisible();
  const reminder = `Falta vuestra respuesta: ${TITLE}`;
  await expect
    .poll(
      () => allMail().filter((m) => m.to.includes(diana.email) && m.subject === reminder).length,
    )
    .toBe(1);
  for (const family of [ana, pablo, bea, carlos, manada]) {
    expect(
      allMail().filter((m) => m.to.includes(family.email) && m.subject === reminder),
      family.email,
    ).toEqual([]);
  }

  await page.setViewportSize(PHONE);
  await expect(row(lucas)).toBeVisible();
  await expectNoSideScroll(page, 'el tablero en el móvil');
  await screen(page, 'activity-board');
});

test("the family's calendar feed carries the acampada, then its cancellation", async ({
  page,
  browser,
  request,
}) => {
  const family = await signedIn(browser, ana);
  await family.goto('/actividades');
  const feedUrl = await family.getByLabel('Actividades de tus educandos').inputValue();
  expect(feedUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/calendar\/[\w-]+\.ics$/);
  const before = await feedEvent(request, feedUrl);
  expect(before).toBeDefined();
  expect(before?.status).not.toBe('CANCELLED');

  // «Añadir al calendario»: the one activity as an .ics file.
  await family.goto(`/actividades/${activityId}`);
  const [ics] = await Promise.all([
    family.waitForEvent('download'),
    family.getByRole('button', { name: 'Añadir al calendario' }).click(),
  ]);
  const one = calendarEvents((await readDownload(ics)).toString('utf8'));
  expect(one.map((e) => [e.summary, e.uid])).toEqual([[TITLE, before?.uid]]);

  // The Manada family's calendar never has it.
  const manadaFeeds = await request.get('/api/calendar-feeds', {
    headers: await auth(request, manada.email),
  });
  const manadaUrl = ((await manadaFeeds.json()) as { family: string | null }).family;
  if (manadaUrl) expect(await feedEvent(request, manadaUrl)).toBeUndefined();

  await login(page, scouter.email);
  await page.goto(`/actividades/${activityId}`);
  await page.getByRole('button', { name: 'Cancelar actividad' }).click();
  await page
    .getByRole('dialog', { name: `¿Cancelar «${TITLE}»?` })
    .getByRole('button', { name: 'Sí, cancelar la actividad' })
    .click();
  await expect(
    page.getByText('Actividad cancelada: se ha avisado a las familias apuntadas.'),
  ).toBeVisible();

  const after = await feedEvent(request, feedUrl);
  expect(after?.uid).toBe(before?.uid);
  expect(after?.status).toBe('CANCELLED');
  expect(after?.sequence).toBeGreaterThan(before?.sequence ?? 0);

  await family.reload();
  await expect(family.getByText('Esta actividad se ha cancelado.')).toBeVisible();
  await screen(family, 'activity-page-cancelled');
  await family.context().close();
});

test("the admin's page of the autorización's text shows the current version and its placeholders", async ({
  page,
}) => {
  await login(page, E2E.firstAdminEmail);
  await page.goto('/admin/autorizacion');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Autorización de las actividades' }),
  ).toBeVisible();
  await expect(page.getByText('{clausula_medica}', { exact: false }).first()).toBeVisible();
  await expectNoSideScroll(page, 'el texto de la autorización');
  await screen(page, 'authorization-text-admin');
});
