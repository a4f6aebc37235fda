import type { APIRequestContext, Page } from '@playwright/test';
import {
  apiToken,
  canvasJpeg,
  createMember,
  firstAdminToken,
  login,
  PNG_1PX,
} from './support/app.js';
import { E2E } from './support/env.js';
import { expect, test } from './support/fixtures.js';
import { shoot, takingShots, withoutPageData } from './support/shots.js';

// The public pages: the landing's 'Lo Más Destacado' and /whoweare with its scouters. Other specs
// share this server, so each test sets up what it needs through the API.
test.describe.configure({ mode: 'serial' });

let adminToken: string;
let scouter: { email: string; name: string };
const stamp = Date.now();
const png = { name: 'foto.png', mimeType: 'image/png', buffer: PNG_1PX };

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function deleteAllNews(request: APIRequestContext) {
  const res = await request.get('/api/news');
  expect(res.status()).toBe(200);
  for (const item of (await res.json()) as { id: number }[]) {
    const del = await request.delete(`/api/news/${item.id}`, { headers: auth(adminToken) });
    expect(del.status()).toBe(200);
  }
}

async function createNews(request: APIRequestContext, title: string) {
  const res = await request.post('/api/news', {
    headers: auth(adminToken),
    multipart: {
      title,
      description: `Resumen de «${title}».`,
      content: 'Texto completo de la noticia.',
      image: png,
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { news: { id: number } }).news.id;
}

async function createMonitor(request: APIRequestContext, name: string, role: string) {
  const res = await request.post('/api/monitors', {
    headers: auth(adminToken),
    multipart: { name, role_description: role, description: '', image: png },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { monitor: { id: number } }).monitor.id;
}

/** Holds a GET on `url` unanswered while `shot` runs, to capture a loading state. */
async function whileLoading(page: Page, url: string, path: string, shot: string) {
  if (!takingShots) return;
  await withoutPageData(page);
  await page.route(url, () => {});
  await page.goto(path);
  await expect(page.getByTestId('skeleton-card').first()).toBeVisible();
  await shoot(page, shot);
  await page.unroute(url);
}

const highlighted = (page: Page) => page.getByRole('region', { name: 'Lo Más Destacado' });
const scouters = (page: Page) => page.getByRole('region', { name: 'Nuestros Scouters' });

test.beforeAll(async ({ request }) => {
  adminToken = await firstAdminToken(request);
  scouter = await createMember(request, E2E.firstAdminEmail, 'scouter', 'Lucía Pública');
});

test('the landing without news says so', async ({ page, request }) => {
  await deleteAllNews(request);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: E2E.groupName })).toBeVisible();
  await expect(page.getByText('Siempre listos para servir')).toBeVisible();
  await expect(
    highlighted(page).getByText('No hay noticias destacadas en este momento.'),
  ).toBeVisible();
  await expect(highlighted(page).getByRole('article')).toHaveCount(0);
  await shoot(page, 'landing-empty');
});

test('the landing shows the 3 newest of 4 news, each linking to its page', async ({
  page,
  request,
}) => {
  await deleteAllNews(request);
  const titles = [1, 2, 3, 4].map((n) => `Noticia ${n} de ${stamp}`);
  const ids: number[] = [];
  for (const title of titles) ids.push(await createNews(request, title));

  await whileLoading(page, '**/api/news?limit=3', '/', 'landing-loading');
  await page.goto('/');
  const cards = highlighted(page).getByRole('article');
  await expect(cards).toHaveCount(3);
  // Newest first; the oldest is left out.
  for (const [i, title] of [titles[3], titles[2], titles[1]].entries()) {
    await expect(cards.nth(i).getByRole('link', { name: title! })).toBeVisible();
  }
  await expect(highlighted(page).getByText(titles[0]!, { exact: true })).toHaveCount(0);
  const first = cards.first();
  await expect(first.getByText(`Resumen de «${titles[3]}».`)).toBeVisible();
  const today = new Intl.DateTimeFormat('es-ES', {
    dateStyle: 'long',
    timeZone: 'Europe/Madrid',
  }).format(new Date());
  await expect(first.getByText(today)).toBeVisible();
  await expect(first.locator('img.media-box-image')).toHaveAttribute('src', /^\/media\//);
  // The first card's image is the page's largest: fetched at once, at high priority.
  await expect(first.locator('img.media-box-image')).toHaveAttribute('loading', 'eager');
  await expect(first.locator('img.media-box-image')).toHaveAttribute('fetchpriority', 'high');
  await expect(cards.nth(1).locator('img.media-box-image')).toHaveAttribute('loading', 'lazy');
  await shoot(page, 'landing-news');

  await first.getByRole('link', { name: titles[3]! }).click();
  await expect(page).toHaveURL(new RegExp(`/news/${ids[3]}$`));
  await page.goto('/');
  await highlighted(page).getByRole('link', { name: 'Ver todas las noticias' }).click();
  await expect(page).toHaveURL(/\/news$/);
});

test('an admin adds, edits and deletes a scouter on /whoweare', async ({ page }) => {
  test.setTimeout(300_000);
  const name = `Marta Ruiz ${stamp}`;
  await login(page, E2E.firstAdminEmail);
  await whileLoading(page, '**/api/monitors', '/whoweare', 'whoweare-loading');
  await page.goto('/whoweare');
  await expect(page.getByRole('heading', { level: 1, name: '¿Quiénes somos?' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Nuestro Local' })).toBeVisible();

  // Add, with a photo.
  await scouters(page).getByRole('button', { name: 'Añadir monitor' }).click();
  const add = page.getByRole('dialog', { name: 'Añadir Nuevo Monitor' });
  const create = add.getByRole('button', { name: 'Crear Monitor' });
  await expect(create).toBeDisabled();
  await add.getByLabel('Nombre Completo').fill(name);
  await expect(add.getByLabel('Rol / Cargo')).toHaveAttribute(
    'placeholder',
    'Ej: Coordinador de Tropa',
  );
  await add.getByLabel('Rol / Cargo').fill('Coordinadora de Clan');
  await add
    .getByLabel('Descripción (Opcional)')
    .fill('Lleva doce años en el grupo y organiza las rutas de verano.');
  await add.getByLabel('Foto (Obligatoria)').setInputFiles({
    name: 'marta.jpg',
    mimeType: 'image/jpeg',
    buffer: await canvasJpeg(page, 600, 600, 5),
  });
  await expect(add.getByText('marta.jpg')).toBeVisible();
  await shoot(page, 'whoweare-add');
  await create.click();
  await expect(add.getByText('Monitor creado con éxito.')).toBeVisible();
  await expect(add).toBeHidden();
  const card = scouters(page).getByRole('article', { name });
  await expect(card.getByText('Coordinadora de Clan')).toBeVisible();
  const photo = card.getByRole('img', { name: `Foto de ${name}` });
  await expect(photo).toHaveAttribute('src', /^\/media\//);
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await shoot(page, 'whoweare-admin');

  // Edit: the current photo stays unless replaced.
  await card.getByRole('button', { name: 'Editar monitor' }).click();
  const edit = page.getByRole('dialog', { name: `Editar Monitor: ${name}` });
  await expect(edit.getByRole('img', { name: 'Foto actual' })).toBeVisible();
  await expect(edit.getByLabel('Cambiar Foto (Opcional)')).toBeAttached();
  await expect(
    edit.getByText('Elige una foto nueva solo si quieres reemplazar la actual.'),
  ).toBeVisible();
  const save = edit.getByRole('button', { name: 'Guardar Cambios' });
  await expect(save).toBeDisabled();
  await edit.getByLabel('Rol / Cargo').fill('Jefa de Grupo');
  await shoot(page, 'whoweare-edit');
  await save.click();
  await expect(edit.getByText('Monitor actualizado con éxito.')).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(card.getByText('Jefa de Grupo')).toBeVisible();
  await expect(card.getByRole('img', { name: `Foto de ${name}` })).toHaveAttribute(
    'src',
    (await photo.getAttribute('src'))!,
  );

  // Delete.
  await card.getByRole('button', { name: 'Eliminar monitor' }).click();
  const confirm = page.getByRole('dialog', { name: 'Eliminar monitor' });
  await expect(confirm.getByText('Esta acción no se puede deshacer.')).toBeVisible();
  await shoot(page, 'whoweare-delete');
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Monitor eliminado.')).toBeVisible();
  await expect(card).toHaveCount(0);
});

test('a scouter and a visitor see the scouters but no monitor controls', async ({
  page,
  request,
}) => {
  const name = `Pedro Sanz ${stamp}`;
  const id = await createMonitor(request, name, 'Scouter de Manada');
  try {
    await login(page, scouter.email);
    await page.goto('/whoweare');
    const card = scouters(page).getByRole('article', { name });
    await expect(card.getByText('Scouter de Manada')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Añadir monitor' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Editar monitor' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Eliminar monitor' })).toHaveCount(0);
    // Without GROUP_MAP_URL nothing is embedded: the address and a plain link to a map.
    const place = page.getByRole('region', { name: 'Nuestro Local' });
    await expect(place.getByRole('link', { name: 'Ver en el mapa' })).toHaveAttribute(
      'href',
      /^https:\/\/www\.openstreetmap\.org\/search\?query=/,
    );
    await expect(place.locator('iframe')).toHaveCount(0);
    await shoot(page, 'whoweare-scouter');

    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto('/whoweare');
    await expect(scouters(page).getByRole('article', { name })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Añadir monitor' })).toHaveCount(0);
    await shoot(page, 'whoweare-anonymous');
  } finally {
    const del = await request.delete(`/api/monitors/${id}`, {
      headers: auth(await apiToken(request, E2E.firstAdminEmail)),
    });
    expect(del.status()).toBe(200);
  }
});
