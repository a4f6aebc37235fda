import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
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
import { shoot } from './support/shots.js';

// The camp pack with no signal (docs/decisions 182–184): a scouter on the activity's staff takes
// the pack on their phone, the network is cut, the pack page reloads from the browser's copy and
// shows a child's allergy; «Pasar lista» is marked offline, and once the signal is back the mark
// is on the server. The service worker kept no API answer.
test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
const TITLE = `Campamento de verano ${stamp}`;
const NORA = `Nora Quintana ${stamp}`;
const ALLERGY = `Alergia grave al cacahuete ${stamp}`;
const PHONE = { width: 375, height: 800 };

let scouter: { email: string; name: string };
let activityId = 0;
let noraId = 0;

/** The user id of `email`'s account. */
async function userId(request: APIRequestContext, email: string): Promise<number> {
  const me = await request.get('/api/profile/me', { headers: await bearer(request, email) });
  return ((await me.json()) as { id: number }).id;
}

/** Madrid's calendar day `days` from now. */
const madridDay = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toLocaleDateString('sv-SE', {
    timeZone: 'Europe/Madrid',
  });

// The activity is cancelled at the end, so no other spec's digest carries it.
test.afterAll(async ({ request }) => {
  if (activityId) await cancelActivity(request, activityId);
});

test.beforeAll(async ({ request }) => {
  test.setTimeout(300_000);
  const admin = { Authorization: `Bearer ${await firstAdminToken(request)}` };
  scouter = await createMember(request, E2E.firstAdminEmail, 'scouter', `Irene Scouter ${stamp}`);
  const scouterId = await userId(request, scouter.email);
  const family = await createMember(
    request,
    E2E.firstAdminEmail,
    'usuario',
    `Marta Quintana ${stamp}`,
  );
  noraId = await createChild(request, E2E.firstAdminEmail, {
    fullName: NORA,
    birthDate: bornYearsAgo(12),
    section: 'Tropa',
    guardians: [family.email],
  });

  // The scouter's certificado negativo is current: they may be named staff.
  const certificate = await request.post('/api/safeguarding/certificates', {
    headers: admin,
    data: { user_id: scouterId, issued_on: madridDay(-30) },
  });
  expect(certificate.status()).toBe(201);

  // A camp of the whole group that started yesterday and ends in three days: in the camp window.
  const at = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
  const made = await request.post('/api/activities', {
    headers: admin,
    data: {
      title: TITLE,
      kind: 'campamento',
      section_ids: [],
      starts_at: at(1),
      ends_at: at(4),
      repeats_weekly_until: null,
      place: 'Campamento de Riaza',
      meeting_point: 'Puerta del local',
      meeting_at: at(0.95),
      return_point: 'Puerta del local',
      return_at: at(4.05),
      transport: 'Autobús',
      price_cents: 12000,
      places: null,
      signup_deadline: at(0.5),
      in_charge_id: null,
      description: 'Llevad saco de dormir.',
      both_guardians: false,
      questions: [],
      publish: true,
    },
  });
  expect(made.status()).toBe(201);
  activityId = ((await made.json()) as { id: number }).id;

  // The scouter joins the staff; the family fills the ficha and signs Nora up.
  const staff = await request.post(`/api/activities/${activityId}/staff`, {
    headers: await bearer(request, scouter.email),
    data: { user_id: scouterId },
  });
  expect(staff.status()).toBe(201);
  const guardian = await bearer(request, family.email);
  const ficha = await request.put(`/api/children/${noraId}/health`, {
    headers: guardian,
    data: {
      allergies: ALLERGY,
      medications: [
        {
          name: 'Adrenalina autoinyectable',
          dose: '0,15 mg',
          schedule: 'Si hay reacción',
          scouters_may_give: true,
        },
      ],
      diet: 'Sin frutos secos',
      conditions: '',
      health_card: 'MDRD 0000 1111',
      can_swim: 'si',
      notes: '',
      contacts: [
        { name: 'Marta Quintana', relation: 'Madre', phone: '+34 600 123 456' },
        { name: 'Luis Quintana', relation: 'Padre', phone: '600 654 321' },
      ],
    },
  });
  expect(ficha.status()).toBe(200);
  const signup = await request.put(`/api/activities/${activityId}/children/${noraId}/signup`, {
    headers: guardian,
    data: { going: true, answers: {} },
  });
  expect(signup.ok()).toBe(true);
});

/**
 * The scouter's phone: a context of its own whose console errors fail the test as the fixture's
 * do, but for the app's own line that no answer came while the network is cut.
 */
async function phone(
  browser: Browser,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    viewport: PHONE,
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    const text = msg.text();
    if (msg.type() !== 'error' || text.startsWith('Failed to load resource')) return;
    if (text.startsWith('Sin respuesta del servidor')) return;
    errors.push(`console.error: ${text}`);
  });
  return { context, page, errors };
}

test('the staff scouter takes the pack, reads it and passes the roll with no signal; the mark reaches the server', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const { context, page, errors } = await phone(browser);
  await login(page, scouter.email);
  await page.goto(`/actividades/${activityId}`);
  const take = page.getByRole('button', { name: 'Llevar al campamento' });
  await expect(take).toBeVisible();
  await shoot(page, 'camp-take-button');
  await take.click();
  await expect(page).toHaveURL(new RegExp(`/actividades/${activityId}/campamento$`));
  const nora = page.getByRole('region', { name: NORA });
  await expect(nora.getByRole('region', { name: 'Alergias e intolerancias' })).toContainText(
    ALLERGY,
  );
  // The worker that opens the pages offline is in charge of this site.
  await expect
    .poll(() => page.evaluate(async () => !!(await navigator.serviceWorker.ready).active))
    .toBe(true);
  await shoot(page, 'camp-pack-online');
  // With the worker in charge, a public page still comes drawn by the server.
  const publicPage = await page.goto('/news');
  expect(await publicPage?.text()).toContain('id="fogata-state"');
  await page.goto(`/actividades/${activityId}/campamento`);
  await expect(nora).toBeVisible();

  // Airplane mode: the page reloads from the worker's shell and the browser's copy.
  await context.setOffline(true);
  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole('heading', { name: `Campamento: ${TITLE}` })).toBeVisible();
  await expect(page.getByText('Sin conexión', { exact: true })).toBeVisible();
  await expect(nora.getByRole('region', { name: 'Alergias e intolerancias' })).toContainText(
    ALLERGY,
  );
  await expect(
    nora.getByRole('link', { name: 'Llamar a Marta Quintana (+34 600 123 456)' }),
  ).toHaveAttribute('href', 'tel:+34600123456');
  await expect(page.getByRole('button', { name: 'Descargar PDF para el botiquín' })).toBeDisabled();
  await shoot(page, 'camp-pack-offline');

  // The network is cut for the worker too: a public page now gets the kept shell, not the
  // server's drawing.
  const cutPage = await page.goto('/news');
  expect(cutPage?.fromServiceWorker()).toBe(true);
  expect(await cutPage?.text()).not.toContain('id="fogata-state"');

  // «Pasar lista», opened offline as a fresh page load: Nora is there at salida.
  await page.goto(`/actividades/${activityId}/lista`);
  await expect(page.getByRole('heading', { name: `Pasar lista: ${TITLE}` })).toBeVisible();
  await page.getByRole('radio', { name: 'Salida' }).check();
  await expect(page.getByRole('status').filter({ hasText: 'presentes' })).toHaveText(
    '0 de 1 presentes',
  );
  await page.getByRole('checkbox', { name: NORA }).check();
  await expect(page.getByRole('status').filter({ hasText: 'presentes' })).toHaveText(
    '1 de 1 presentes',
  );
  await expect(page.getByText('Sin conexión: se enviará al volver la señal')).toBeVisible();
  await expect(page.getByText('1 marca pendiente de enviar.')).toBeVisible();
  await shoot(page, 'camp-roll-offline');

  // Nothing reached the server yet.
  const scouterAuth = await bearer(request, scouter.email);
  const before = await request.get(`/api/activities/${activityId}/attendance`, {
    headers: scouterAuth,
  });
  expect(((await before.json()) as { marks: unknown[] }).marks).toEqual([]);

  // The signal comes back: the mark is sent and the server's roll shows.
  await context.setOffline(false);
  await expect(page.getByText('Lista enviada.')).toBeVisible();
  await expect(page.getByText(`Marcado por ${scouter.name}`)).toBeVisible();
  const after = await request.get(`/api/activities/${activityId}/attendance`, {
    headers: scouterAuth,
  });
  expect(((await after.json()) as { marks: unknown[] }).marks).toEqual([
    expect.objectContaining({
      child_id: noraId,
      moment: 'salida',
      present: true,
      marked_by_name: scouter.name,
    }),
  ]);
  await shoot(page, 'camp-roll-online');

  // The worker's cache holds the shell and code, never an API answer; the health data is only
  // in IndexedDB.
  const kept = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys())
        urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(kept.length).toBeGreaterThan(0);
  expect(kept.filter((url) => url.startsWith('/api/') || url.startsWith('/media/'))).toEqual([]);

  // Signing out wipes the copy: the pack page then has none, even online.
  await page.goto(`/actividades/${activityId}/campamento`);
  await expect(nora).toBeVisible();
  await page.evaluate(() => window.dispatchEvent(new Event('auth:logout')));
  await expect(page).toHaveURL(/\/login/);
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<string[]>((resolve) => {
            const open = indexedDB.open('fogata-camp');
            open.onsuccess = () => {
              const db = open.result;
              if (!db.objectStoreNames.contains('packs')) return resolve([]);
              const all = db.transaction('packs').objectStore('packs').getAllKeys();
              all.onsuccess = () => resolve(all.result.map(String));
            };
          }),
      ),
    )
    .toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});
