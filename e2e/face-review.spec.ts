import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expectAccessible } from './support/a11y.js';
import {
  apiToken,
  canvasJpeg,
  createChild,
  createMember,
  firstAdminToken,
  login,
} from './support/app.js';
import { dbRun } from './support/control.js';
import { E2E } from './support/env.js';
import { expect, test } from './support/fixtures.js';
import { screen } from './support/shots.js';

// Issue #25 part 2 (decision 077): a scouter reviews the faces of a group photo with the keyboard
// and draws a box for a face the detector missed.
test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
const title = `Acampada de caras ${stamp}`;
let scouter: { email: string; name: string };
let albumId = 0;
let photoId = 0;

test.beforeAll(async ({ browser, request }) => {
  const adminToken = await firstAdminToken(request);
  const admin = { Authorization: `Bearer ${adminToken}` };
  scouter = await createMember(request, E2E.firstAdminEmail, 'scouter', 'Irene Scouter Caras');
  const [user] = await dbRun<{ id: number }[]>([
    { sql: 'select id from users where email = ?', params: [scouter.email] },
  ]);
  const sections = (await (await request.get('/api/sections')).json()) as {
    id: number;
    name: string;
  }[];
  const tropa = sections.find((s) => s.name === 'Tropa');
  const current = (await (
    await request.get(`/api/sections/${tropa?.id}/scouters`, { headers: admin })
  ).json()) as { id: number }[];
  const assigned = await request.put(`/api/sections/${tropa?.id}/scouters`, {
    headers: admin,
    data: { user_ids: [...current.map((s) => s.id), user?.id] },
  });
  expect(assigned.ok()).toBe(true);
  await createChild(request, E2E.firstAdminEmail, {
    fullName: 'Hugo Caras Tropa',
    birthDate: '2013-02-01',
    section: 'Tropa',
  });
  await createChild(request, E2E.firstAdminEmail, {
    fullName: 'Nerea Caras Tropa',
    birthDate: '2013-09-01',
    section: 'Tropa',
  });

  // The scouter's album, with a photograph of a real face in it.
  const page = await browser.newPage();
  const cover = await canvasJpeg(page, 800, 600, 5);
  await page.close();
  const token = await apiToken(request, scouter.email);
  const headers = { Authorization: `Bearer ${token}` };
  const made = await request.post('/api/albums/newAlbum', {
    headers,
    multipart: {
      title,
      cover: { name: 'portada.jpg', mimeType: 'image/jpeg', buffer: cover },
    },
  });
  expect(made.status()).toBe(201);
  albumId = ((await made.json()) as { album: { id: number } }).album.id;
  const photo = readFileSync(join(E2E.root, 'fixtures', 'faces', 'astronaut.png'));
  const uploaded = await request.post('/api/photos/upload', {
    headers,
    multipart: {
      albumId: String(albumId),
      images: { name: 'grupo.png', mimeType: 'image/png', buffer: photo },
    },
  });
  expect(uploaded.status()).toBe(201);
  photoId = ((await uploaded.json()) as { uploaded: { id: number }[] }).uploaded[0]!.id;
  // Known faces, whatever the detector of the day found (its own tests measure it): two boxes,
  // pending review, as the upload leaves them.
  const now = new Date().toISOString();
  await dbRun([
    { sql: 'delete from faces where photo_id = ? or album_id = ?', params: [photoId, albumId] },
    ...[
      [0.33, 0.08, 0.3, 0.36],
      [0.05, 0.55, 0.2, 0.25],
    ].map(([x, y, width, height]) => ({
      sql: `insert into faces (photo_id, x, y, width, height, score, source, status, created_at)
            values (?, ?, ?, ?, ?, 0.9, 'detector', 'pending', ?)`,
      params: [photoId, x, y, width, height, now],
    })),
  ]);
});

test('the album says how many faces are left to review, and leads to Revisar caras', async ({
  page,
}) => {
  await login(page, scouter.email);
  await page.goto('/gallery');
  const card = page.locator('.card').filter({ has: page.getByRole('link', { name: title }) });
  await expect(card.getByText('2 caras por revisar')).toBeVisible();
  await screen(page, 'face-review-gallery');
  await page.goto(`/album/${albumId}`);
  const link = page.getByRole('link', { name: /Revisar caras/ });
  await expect(link).toContainText('2 caras por revisar');
  await screen(page, 'face-review-album');
  await link.click();
  await expect(page).toHaveURL(`/album/${albumId}/caras`);
  await expect(page.getByRole('heading', { name: 'Revisar caras' })).toBeVisible();
  await expect(page.getByText('Quedan 2 caras por revisar.')).toBeVisible();
});

test('a scouter reviews with the keyboard and draws a box the detector missed', async ({
  page,
}) => {
  await login(page, scouter.email);
  await page.goto(`/album/${albumId}/caras`);
  const photo = page.getByRole('article', { name: 'Foto 1 de 1' });
  await expect(photo.getByRole('img', { name: 'Foto 1 de 1' })).toBeVisible();
  // From the photo's 'Dibujar una cara', Tab reaches its first face.
  await photo.getByRole('button', { name: 'Dibujar una cara' }).focus();
  await page.keyboard.press('Tab');
  await expect(photo.getByRole('button', { name: '1 Por revisar' })).toBeFocused();
  await screen(page, 'face-review-selected');
  // A letter opens the child's search; Enter assigns the match and moves on to the next face.
  await page.keyboard.type('hugo');
  await expect(page.getByRole('option', { name: /Hugo Caras Tropa/ })).toBeVisible();
  await expectAccessible(page, 'Revisar caras con la búsqueda abierta');
  await page.keyboard.press('Enter');
  await expect(photo.getByRole('button', { name: '1 Hugo Caras Tropa' })).toBeVisible();
  await expect(photo.getByRole('button', { name: '2 Por revisar' })).toBeFocused();
  // A: an adult.
  await page.keyboard.press('a');
  await expect(photo.getByRole('button', { name: '2 Adulto' })).toBeVisible();
  await expect(page.getByText('No queda ninguna cara por revisar.')).toBeVisible();

  // A face the detector missed: a box drawn with the mouse.
  await photo.getByRole('button', { name: 'Dibujar una cara' }).click();
  const surface = page.getByTestId('face-draw-surface');
  const box = await surface.boundingBox();
  if (!box) throw new Error('no drawing surface');
  await page.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.1);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.8, box.y + box.height * 0.2, { steps: 5 });
  await page.mouse.move(box.x + box.width * 0.9, box.y + box.height * 0.3, { steps: 5 });
  await page.mouse.up();
  const drawn = photo.getByRole('button', { name: '3 Por revisar' });
  await expect(drawn).toBeFocused();
  await expect(page.getByText('Queda 1 cara por revisar.')).toBeVisible();
  // Enter opens the search (N would say 'No es una cara').
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: 'Educando' })).toBeFocused();
  await page.keyboard.type('nerea');
  await page.keyboard.press('Enter');
  await expect(photo.getByRole('button', { name: '3 Nerea Caras Tropa' })).toBeVisible();
  await expect(page.getByText('No queda ninguna cara por revisar.')).toBeVisible();
  await expectAccessible(page, 'Revisar caras');
  await photo.getByRole('button', { name: '3 Nerea Caras Tropa' }).click();
  await screen(page, 'face-review');

  // What the server holds: the three faces reviewed, the drawn one a manual box.
  const rows = await dbRun<{ status: string; source: string; x: number; reviewed_by: number }[]>([
    {
      sql: 'select status, source, x, reviewed_by from faces where photo_id = ? order by id',
      params: [photoId],
    },
  ]);
  expect(rows.map((r) => [r.status, r.source])).toEqual([
    ['child', 'detector'],
    ['adult', 'detector'],
    ['child', 'manual'],
  ]);
  expect(rows[2]?.x).toBeGreaterThan(0.65);
  expect(rows[2]?.x).toBeLessThan(0.75);
  expect(rows.every((r) => r.reviewed_by !== null)).toBe(true);
});

test('on a phone: the faces are chips under the photo, the search fits the screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await login(page, scouter.email);
  await page.goto(`/album/${albumId}/caras`);
  const photo = page.getByRole('article', { name: 'Foto 1 de 1' });
  await photo.getByRole('button', { name: '2 Adulto' }).click();
  await expect(page.getByRole('combobox', { name: 'Educando' })).toBeVisible();
  await expect(page.getByRole('button', { name: /No es una cara/ })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  await screen(page, 'face-review-phone');
});

test("a news item's image: Revisar caras from its page, every active child offered", async ({
  page,
  request,
}) => {
  const token = await apiToken(request, scouter.email);
  const made = await request.post('/api/news', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      title: `Fiesta de fin de ronda ${stamp}`,
      description: 'Resumen',
      content: 'Lo que hicimos.',
      image: {
        name: 'fiesta.png',
        mimeType: 'image/png',
        buffer: readFileSync(join(E2E.root, 'fixtures', 'faces', 'camera.png')),
      },
    },
  });
  expect(made.status()).toBe(201);
  const newsId = ((await made.json()) as { news: { id: number } }).news.id;
  await dbRun([
    { sql: 'delete from faces where news_id = ?', params: [newsId] },
    {
      sql: `insert into faces (news_id, x, y, width, height, score, source, status, created_at)
            values (?, 0.35, 0.1, 0.25, 0.3, 0.9, 'detector', 'pending', ?)`,
      params: [newsId, new Date().toISOString()],
    },
  ]);
  await login(page, scouter.email);
  await page.goto(`/news/${newsId}`);
  await page.getByRole('link', { name: 'Revisar caras' }).click();
  await expect(page).toHaveURL(`/news/${newsId}/caras`);
  await expect(page.getByText('Queda 1 cara por revisar.')).toBeVisible();
  const image = page.getByRole('article', { name: 'Imagen' });
  await image.getByRole('button', { name: '1 Por revisar' }).click();
  await page.getByRole('combobox', { name: 'Educando' }).fill('caras');
  await expect(page.getByRole('option', { name: /Hugo Caras Tropa/ })).toBeVisible();
  await expect(page.getByRole('option', { name: /Nerea Caras Tropa/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await image.getByRole('button', { name: '1 Por revisar' }).press('n');
  await expect(image.getByRole('button', { name: '1 No es una cara' })).toBeVisible();
  await expect(page.getByText('No queda ninguna cara por revisar.')).toBeVisible();
  await expectAccessible(page, 'Revisar caras de una noticia');
  await screen(page, 'face-review-news');
});
