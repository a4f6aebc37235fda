import type { Browser, Page } from '@playwright/test';
import {
  bearer,
  bornYearsAgo,
  cancelActivity,
  createChild,
  createMember,
  firstAdminToken,
  login,
} from './support/app.js';
import { E2E } from './support/env.js';
import { expect, test } from './support/fixtures.js';
import { screen } from './support/shots.js';

// On camp end to end: a family fills the ficha sanitaria in 'Mis educandos' and confirms it when
// signing up; the staff scouter takes the camp pack and reads it with the network cut; two
// scouters pass the roll, one offline, and the roll syncs to one record; the admin and other
// scouters get «Ficha sanitaria no encontrada.»; a scouter whose certificado negativo is out of
// date cannot join the staff. It runs on SQLite and, in `npm test -- e2e-pg`, with the server on
// PostgreSQL: everything it needs is made through the API, never with dbRun. The camp window
// (two days before the start until the end) and the erasure after it are proved on both databases
// by modules/camp-scenario.test.ts, which can move an activity's dates.
test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
const TITLE = `Acantonamiento de invierno ${stamp}`;
const ALLERGY = 'Alergia al cacahuete';
const NOT_FOUND = 'Ficha sanitaria no encontrada.';
const PHONE = { width: 375, height: 800 };
const DESKTOP = { width: 1280, height: 800 };
const DAY = 86_400_000;

interface Person {
  email: string;
  name: string;
}
let admin: Person;
let nerea: Person; // the scouter in charge: staff
let iker: Person; // staff too: passes the roll offline
let sergio: Person; // a scouter of the Tropa who does not go
let rosa: Person; // a scouter whose certificado is out of date
let ana: Person; // Lucas's mother
const lucas = `Lucas Ruiz Pérez ${stamp}`;
let lucasId = 0;
let activityId = 0;
const userIds: Record<string, number> = {};

/** A context and page of its own for `who`, signed in, at `viewport`. */
async function signedIn(browser: Browser, who: Person, viewport = PHONE) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await login(page, who.email);
  return { context, page };
}

/** The instant `ms` from now, on the wire's form. */
const at = (ms: number) => new Date(Date.now() + ms).toISOString();
/** Today in Madrid, as the certificados are dated. */
const today = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Madrid' });

/** The card of `child` on an activity's page. */
const childCard = (page: Page, child: string) => page.getByRole('region', { name: child });

// The activity is cancelled at the end, so no other spec's digest carries it.
test.afterAll(async ({ request }) => {
  if (activityId) await cancelActivity(request, activityId);
});

test.beforeAll(async ({ request }) => {
  test.setTimeout(300_000);
  const adminHeaders = { Authorization: `Bearer ${await firstAdminToken(request)}` };
  const meOf = async (who: Person) =>
    (
      (await (
        await request.get('/api/profile/me', { headers: await bearer(request, who.email) })
      ).json()) as { id: number; name: string }
    ).id;
  admin = {
    email: E2E.firstAdminEmail,
    name: (
      (await (await request.get('/api/profile/me', { headers: adminHeaders })).json()) as {
        name: string;
      }
    ).name,
  };
  const scouter = (name: string) => createMember(request, E2E.firstAdminEmail, 'scouter', name);
  nerea = await scouter(`Nerea Scouter ${stamp}`);
  iker = await scouter(`Iker Scouter ${stamp}`);
  sergio = await scouter(`Sergio Scouter ${stamp}`);
  rosa = await scouter(`Rosa Caducada ${stamp}`);
  ana = await createMember(request, E2E.firstAdminEmail, 'usuario', `Ana Pérez Gil ${stamp}`);
  for (const who of [nerea, iker, sergio, rosa]) userIds[who.email] = await meOf(who);

  const sections = (await (await request.get('/api/sections')).json()) as {
    id: number;
    name: string;
  }[];
  const tropa = sections.find((s) => s.name === 'Tropa')!;
  const current = (await (
    await request.get(`/api/sections/${tropa.id}/scouters`, { headers: adminHeaders })
  ).json()) as { id: number }[];
  const assigned = await request.put(`/api/sections/${tropa.id}/scouters`, {
    headers: adminHeaders,
    data: {
      user_ids: [
        ...current.map((s) => s.id),
        ...[nerea, iker, sergio, rosa].map((p) => userIds[p.email]),
      ],
    },
  });
  expect(assigned.ok()).toBe(true);
  lucasId = await createChild(request, E2E.firstAdminEmail, {
    fullName: lucas,
    birthDate: bornYearsAgo(12),
    section: 'Tropa',
    guardians: [ana.email],
  });

  // The certificados the admin has seen: Nerea's and Iker's this year; Rosa's thirteen months ago.
  const old = new Date();
  old.setUTCMonth(old.getUTCMonth() - 13);
  for (const [who, issued] of [
    [nerea, today()],
    [iker, today()],
    [sergio, today()],
    [rosa, old.toISOString().slice(0, 10)],
  ] as const) {
    const res = await request.post('/api/safeguarding/certificates', {
      headers: adminHeaders,
      data: { user_id: userIds[who.email], issued_on: issued },
    });
    expect(res.status(), await res.text()).toBe(201);
  }

  // Tomorrow's acantonamiento of the Tropa: its staff may read the fichas from now (two days
  // before it starts). Nerea is in charge; Iker joins the staff himself.
  const created = await request.post('/api/activities', {
    headers: await bearer(request, nerea.email),
    data: {
      title: TITLE,
      kind: 'acampada',
      section_ids: [tropa.id],
      starts_at: at(DAY),
      ends_at: at(2 * DAY),
      repeats_weekly_until: null,
      place: 'Albergue de Cercedilla',
      meeting_point: 'Estación de Chamartín',
      meeting_at: at(DAY - 3_600_000),
      return_point: 'Estación de Chamartín',
      return_at: at(2 * DAY + 3_600_000),
      transport: 'Tren',
      price_cents: 2500,
      places: null,
      signup_deadline: at(DAY / 2),
      in_charge_id: userIds[nerea.email],
      description: 'Una noche en el albergue.',
      both_guardians: false,
      questions: [],
      publish: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  activityId = ((await created.json()) as { id: number }).id;
  const joined = await request.post(`/api/activities/${activityId}/staff`, {
    headers: await bearer(request, iker.email),
    data: { user_id: userIds[iker.email] },
  });
  expect(joined.status(), await joined.text()).toBe(201);
});

test('the family fills the ficha sanitaria in «Mis educandos»', async ({ browser }) => {
  const { context, page } = await signedIn(browser, ana);
  await page.goto('/profile/edit');
  await page.getByRole('link', { name: new RegExp(`^Ficha sanitaria de ${lucas}`) }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Ficha sanitaria de ${lucas}` }),
  ).toBeVisible();
  await expect(
    page.getByText(
      'Todavía no has rellenado la ficha sanitaria. Rellénala antes de su primera actividad.',
    ),
  ).toBeVisible();
  await screen(page, 'camp-ficha-empty');

  await page.getByLabel('Alergias e intolerancias').fill(ALLERGY);
  await page.getByLabel('Dieta', { exact: true }).fill('Sin frutos secos');
  await page.getByLabel('Número de tarjeta sanitaria').fill('MDRD 1234567890');
  await page.getByLabel('Con ayuda').check();
  for (const [n, name, relation, phone] of [
    [1, 'Ana Pérez Gil', 'Madre', '+34 600 111 222'],
    [2, 'Pablo Ruiz Soto', 'Padre', '600 333 444'],
  ] as const) {
    const contact = page.getByRole('group', { name: `Contacto ${n}` });
    await contact.getByLabel('Nombre').fill(name);
    await contact.getByLabel('Relación').fill(relation);
    await contact.getByLabel('Teléfono').fill(phone);
  }
  await page.getByRole('button', { name: 'Guardar ficha' }).click();
  await expect(page.getByText('Ficha sanitaria guardada.')).toBeVisible();
  await screen(page, 'camp-ficha-saved');
  await context.close();
});

test('the family signs Lucas up and confirms the ficha is up to date in one tap', async ({
  browser,
  request,
}) => {
  const { context, page } = await signedIn(browser, ana);
  await page.goto(`/actividades/${activityId}`);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  const card = childCard(page, lucas);
  await card.getByLabel('Va', { exact: true }).check();
  await card.getByRole('button', { name: 'Guardar respuesta' }).click();
  await expect(page.getByText(`Respuesta de ${lucas} guardada.`)).toBeVisible();
  await expect(
    page.getByText(`Confirma que la ficha sanitaria de ${lucas} está al día`),
  ).toBeVisible();
  await screen(page, 'camp-signup-confirm');
  await page.getByRole('button', { name: 'Está al día' }).click();
  await expect(page.getByText('Has confirmado que la ficha sanitaria está al día.')).toBeVisible();
  await context.close();

  const seen = await request.get(`/api/activities/${activityId}`, {
    headers: await bearer(request, ana.email),
  });
  const child = (
    (await seen.json()) as { children: { child_id: number; health: unknown }[] }
  ).children.find((c) => c.child_id === lucasId);
  expect(child?.health).toEqual({ filled: true, confirmed_for_activity: true });
});

/** `who` takes the camp pack from the activity's page and lands on it. */
async function takePack(page: Page) {
  await page.goto(`/actividades/${activityId}`);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await page.getByRole('button', { name: 'Llevar al campamento' }).click();
  await expect(page).toHaveURL(new RegExp(`/actividades/${activityId}/campamento$`));
  await expect(page.getByRole('heading', { level: 1, name: `Campamento: ${TITLE}` })).toBeVisible();
}

test('the staff scouter takes the camp pack and reads it with the network cut', async ({
  browser,
}) => {
  const { context, page } = await signedIn(browser, nerea, DESKTOP);
  await page.goto(`/actividades/${activityId}`);
  await expect(page.getByRole('region', { name: 'Equipo' }).getByText(nerea.name)).toBeVisible();
  await screen(page, 'camp-activity-staff');
  await takePack(page);
  const card = childCard(page, lucas);
  await expect(card.getByText(ALLERGY)).toBeVisible();
  await screen(page, 'camp-pack');

  // Airplane mode: nothing reaches the server, and the pack opens again from the browser's copy.
  await context.setOffline(true);
  const reached = await page.evaluate(() =>
    fetch('/api/system/config').then(
      () => true,
      () => false,
    ),
  );
  expect(reached).toBe(false);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: `Campamento: ${TITLE}` })).toBeVisible();
  await expect(page.getByText('Sin conexión', { exact: true })).toBeVisible();
  await expect(card.getByText(ALLERGY)).toBeVisible();
  await expect(
    card.getByRole('link', { name: 'Llamar a Ana Pérez Gil (+34 600 111 222)' }),
  ).toBeVisible();
  await screen(page, 'camp-pack-offline');
  await context.setOffline(false);
  await context.close();
});

test('«Pasar lista» by two scouters, one offline, syncs to one record: the later mark', async ({
  browser,
  request,
}) => {
  // Iker takes the pack with signal, opens the roll, loses the signal and marks Lucas present.
  const offline = await signedIn(browser, iker, PHONE);
  await takePack(offline.page);
  await offline.page.getByRole('link', { name: 'Pasar lista' }).click();
  await expect(
    offline.page.getByRole('heading', { level: 1, name: `Pasar lista: ${TITLE}` }),
  ).toBeVisible();
  await offline.context.setOffline(true);
  // The switch follows the mark once the browser has kept it (IndexedDB): click, then wait.
  const hisSwitch = offline.page.getByRole('checkbox', { name: lucas });
  await hisSwitch.click();
  await expect(hisSwitch).toBeChecked();
  await expect(offline.page.getByText('Sin conexión: se enviará al volver la señal')).toBeVisible();
  await expect(offline.page.getByText('1 marca pendiente de enviar.')).toBeVisible();
  await screen(offline.page, 'camp-roll-offline');

  // Nerea, with signal, a moment later: present, then no — he has not come back yet.
  const online = await signedIn(browser, nerea, PHONE);
  await takePack(online.page);
  await online.page.getByRole('link', { name: 'Pasar lista' }).click();
  const herSwitch = online.page.getByRole('checkbox', { name: lucas });
  await herSwitch.click();
  await expect(herSwitch).toBeChecked();
  await herSwitch.click();
  await expect(herSwitch).not.toBeChecked();
  await expect(online.page.getByText('Lista enviada.')).toBeVisible();
  await screen(online.page, 'camp-roll');

  // Iker's signal comes back: his earlier mark arrives late and does not undo Nerea's.
  await offline.context.setOffline(false);
  await expect(offline.page.getByText('Lista enviada.')).toBeVisible();
  const headers = await bearer(request, nerea.email);
  const res = await request.get(`/api/activities/${activityId}/attendance`, { headers });
  expect(res.status()).toBe(200);
  expect(((await res.json()) as { marks: unknown[] }).marks).toEqual([
    expect.objectContaining({
      child_id: lucasId,
      moment: 'salida',
      present: false,
      marked_by_name: nerea.name,
    }),
  ]);
  await expect(hisSwitch).not.toBeChecked();
  await expect(offline.page.getByText(`Marcado por ${nerea.name}`)).toBeVisible();
  await offline.context.close();
  await online.context.close();
});

test('the family sees who read the ficha', async ({ browser }) => {
  const { context, page } = await signedIn(browser, ana);
  await page.goto(`/mis-educandos/${lucasId}/ficha`);
  const log = page.getByRole('region', { name: 'Quién ha consultado la ficha' });
  await expect(log.getByText(nerea.name).first()).toBeVisible();
  await expect(log.getByText(iker.name).first()).toBeVisible();
  await expect(log.getByText('Copia para el campamento').first()).toBeVisible();
  await expect(log.getByText(sergio.name)).toHaveCount(0);
  await expect(log.getByText(admin.name)).toHaveCount(0);
  await screen(page, 'camp-ficha-reads');
  await context.close();
});

test('the admin and a scouter who does not go get «Ficha sanitaria no encontrada.»', async ({
  browser,
  request,
}) => {
  for (const who of [admin, sergio]) {
    const headers = await bearer(request, who.email);
    const staffRead = await request.get(`/api/activities/${activityId}/health/${lucasId}`, {
      headers,
    });
    expect(staffRead.status()).toBe(404);
    expect(await staffRead.json()).toEqual({ message: NOT_FOUND });

    const { context, page } = await signedIn(browser, who, DESKTOP);
    // The ficha's page asks the server, which answers the same 404; the screen shows no ficha.
    const answer = page.waitForResponse((r) => r.url().endsWith(`/api/children/${lucasId}/health`));
    await page.goto(`/mis-educandos/${lucasId}/ficha`);
    const response = await answer;
    expect(response.status()).toBe(404);
    expect(await response.json()).toEqual({ message: NOT_FOUND });
    await expect(page.getByText('Este educando no existe o no es tuyo.')).toBeVisible();
    await expect(page.getByText(ALLERGY)).toHaveCount(0);
    if (who === admin) await screen(page, 'camp-ficha-not-found');

    // Not staff: no «Llevar al campamento», and no pack in this browser.
    await page.goto(`/actividades/${activityId}`);
    await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Llevar al campamento' })).toHaveCount(0);
    await page.goto(`/actividades/${activityId}/campamento`);
    await expect(
      page.getByText('No hay ninguna copia de esta actividad guardada en este navegador.'),
    ).toBeVisible();
    await expect(page.getByText(ALLERGY)).toHaveCount(0);
    if (who === admin) await screen(page, 'camp-pack-none');
    await context.close();
  }
});

test('a scouter whose certificado is out of date cannot join the staff until the admin records a current one', async ({
  browser,
}) => {
  const { context, page } = await signedIn(browser, admin, DESKTOP);
  const refused = `${rosa.name} no puede formar parte del equipo ni ser responsable de una actividad: su certificado negativo del Registro Central de Delincuentes Sexuales no está al día. Un administrador puede registrarlo en «Salvaguarda».`;
  const addRosa = async () => {
    await page.goto(`/actividades/${activityId}`);
    const staff = page.getByRole('region', { name: 'Equipo' });
    await staff.getByLabel('Añadir a otro adulto').selectOption({ label: rosa.name });
    await staff.getByRole('button', { name: 'Añadir al equipo' }).click();
    return staff;
  };
  await addRosa();
  await expect(page.getByText(refused)).toBeVisible();
  await screen(page, 'camp-staff-refused');

  await page.goto('/admin/salvaguarda');
  await expect(page.getByRole('heading', { level: 1, name: 'Salvaguarda' })).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: rosa.name });
  await expect(row.getByText('Caducado')).toBeVisible();
  await screen(page, 'camp-safeguarding');
  await row.getByRole('button', { name: `Registrar el certificado de ${rosa.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Certificado negativo de ${rosa.name}` });
  await dialog.getByLabel('Fecha del certificado').fill(today());
  await screen(page, 'camp-safeguarding-record');
  await dialog.getByRole('button', { name: 'Registrar certificado' }).click();
  await expect(page.getByText('Certificado registrado.')).toBeVisible();
  await expect(row.getByText('Al día')).toBeVisible();

  const staff = await addRosa();
  await expect(page.getByText(`${rosa.name} está en el equipo.`)).toBeVisible();
  await expect(staff.getByRole('listitem').filter({ hasText: rosa.name })).toBeVisible();
  await expect(page.getByText(refused)).toHaveCount(0);
  await context.close();
});

test('the admin names the delegada de protección; a family writes to her and only she reads it', async ({
  browser,
}) => {
  const message = `Me preocupa cómo se habló a Lucas en la última reunión ${stamp}`;
  const boss = await signedIn(browser, admin, DESKTOP);
  await boss.page.goto('/admin/salvaguarda');
  await boss.page
    .getByLabel('Persona (scouter o administrador)')
    .selectOption({ label: admin.name });
  await boss.page.getByLabel('Cómo contactar (correo o teléfono)').fill('proteccion@fogata.local');
  await boss.page.getByRole('button', { name: 'Guardar delegado/a' }).click();
  await expect(boss.page.getByText('Delegado/a de protección guardado.')).toBeVisible();

  const family = await signedIn(browser, ana);
  await family.page.goto('/proteccion');
  await expect(
    family.page.getByRole('heading', { level: 1, name: 'Escribir al delegado/a de protección' }),
  ).toBeVisible();
  await expect(
    family.page.getByText(
      `El delegado/a de protección es ${admin.name}. También puedes contactar en proteccion@fogata.local.`,
    ),
  ).toBeVisible();
  await family.page.getByLabel('Tu mensaje').fill(message);
  await screen(family.page, 'camp-protection');
  await family.page.getByRole('button', { name: 'Enviar mensaje' }).click();
  await expect(
    family.page.getByText(
      'Tu mensaje ha llegado al delegado/a de protección. Solo esa persona puede leerlo.',
    ),
  ).toBeVisible();
  await family.context.close();

  await boss.page.goto('/proteccion/mensajes');
  const inbox = boss.page.getByRole('list', { name: 'Mensajes recibidos' });
  await expect(inbox.getByText(message)).toBeVisible();
  await expect(inbox.getByText(`Enviado con la cuenta de ${ana.name}`)).toBeVisible();
  await screen(boss.page, 'camp-protection-inbox');
  await boss.context.close();

  // Not the delegada: a scouter is told the messages are not theirs, and sees none.
  const other = await signedIn(browser, sergio, DESKTOP);
  await other.page.goto('/proteccion/mensajes');
  await expect(
    other.page.getByText('Solo el delegado/a de protección puede leer estos mensajes.'),
  ).toBeVisible();
  await expect(other.page.getByText(message)).toHaveCount(0);
  await other.context.close();
});
