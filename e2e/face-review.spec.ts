import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from './support/a11y.js';
import {
  apiToken,
  canvasJpeg,
  createChild,
  createMember,
  facesScanned,
  firstAdminToken,
  login,
} from './support/app.js';
import { dbRun } from './support/control.js';
import { E2E } from './support/env.js';
import { expect, test } from './support/fixtures.js';
import { screen } from './support/shots.js';

// Revisar caras (decisions 077, 097): a scouter reviews the faces of a group photo with the
// keyboard and draws a box for a face the detector missed.
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
  // Known faces, once the scan has looked, whatever the detector of the day found (its own tests
  // measure it): two boxes, pending review, as the scan leaves them.
  await facesScanned(request);
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

/** Presses Tab until `target` has the focus (the keyboard's only way there), or fails. */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 80; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the target');
}

test('a box for a missed face, drawn with the keyboard alone (decision 097)', async ({ page }) => {
  await login(page, scouter.email);
  await page.goto(`/album/${albumId}/caras`);
  const photo = page.getByRole('article', { name: 'Foto 1 de 1' });
  await expect(photo.getByRole('img', { name: 'Foto 1 de 1' })).toBeVisible();
  const drawButton = photo.getByRole('button', { name: 'Dibujar una cara' });
  await page.locator('body').focus();
  await tabTo(page, drawButton);
  // Escape cancels: nothing drawn, the focus back on the button.
  await page.keyboard.press('Enter');
  const box = photo.getByRole('application', { name: 'Recuadro de la nueva cara' });
  await expect(box).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Escape');
  await expect(box).toHaveCount(0);
  await expect(drawButton).toBeFocused();

  // Again: a square in the middle of the 512×512 photo, moved and grown with the keys.
  await page.keyboard.press('Enter');
  await expect(box).toBeFocused();
  await expect(box).toHaveAccessibleDescription(
    /A 40 % del borde izquierdo y 40 % del borde de arriba; 20 % de ancho y 20 % de alto\.$/,
  );
  for (let i = 0; i < 5; i += 1) await page.keyboard.press('ArrowRight');
  for (let i = 0; i < 5; i += 1) await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Shift+ArrowRight');
  for (let i = 0; i < 3; i += 1) await page.keyboard.press('Shift+ArrowDown');
  await expect(
    photo.getByText(
      'A 50 % del borde izquierdo y 30 % del borde de arriba; 24 % de ancho y 26 % de alto.',
    ),
  ).toBeAttached();
  await expectAccessible(page, 'Revisar caras con el recuadro del teclado');
  await screen(page, 'face-review-keyboard-box');
  await expect(box).toBeFocused();
  await page.keyboard.press('Enter');
  // Saved: a chip like any other, with the focus; A says it is an adult.
  const drawn = photo.getByRole('button', { name: '4 Por revisar' });
  await expect(drawn).toBeFocused();
  await expect(box).toHaveCount(0);
  await page.keyboard.press('a');
  await expect(photo.getByRole('button', { name: '4 Adulto' })).toBeVisible();
  await expect(page.getByText('No queda ninguna cara por revisar.')).toBeVisible();

  const rows = await dbRun<
    { status: string; source: string; x: number; y: number; width: number; height: number }[]
  >([
    {
      sql: `select status, source, x, y, width, height from faces
            where photo_id = ? order by id desc limit 1`,
      params: [photoId],
    },
  ]);
  expect(rows[0]).toMatchObject({ status: 'adult', source: 'manual' });
  expect(rows[0]?.x).toBeCloseTo(0.5, 5);
  expect(rows[0]?.y).toBeCloseTo(0.3, 5);
  expect(rows[0]?.width).toBeCloseTo(0.24, 5);
  expect(rows[0]?.height).toBeCloseTo(0.26, 5);
});

test.describe('on a phone with a finger', () => {
  test.use({ hasTouch: true, viewport: { width: 375, height: 800 } });

  test('a drag of a finger on the photo draws a box, and the page does not scroll instead', async ({
    page,
  }) => {
    const manual = async () =>
      (
        await dbRun<{ n: number }[]>([
          {
            sql: `select count(*) as n from faces where photo_id = ? and source = 'manual'`,
            params: [photoId],
          },
        ])
      )[0]?.n ?? 0;
    const before = Number(await manual());
    await login(page, scouter.email);
    await page.goto(`/album/${albumId}/caras`);
    const photo = page.getByRole('article', { name: 'Foto 1 de 1' });
    await photo.getByRole('button', { name: 'Dibujar una cara' }).tap();
    const surface = page.getByTestId('face-draw-surface');
    await surface.scrollIntoViewIfNeeded();
    const area = await surface.boundingBox();
    if (!area) throw new Error('no drawing surface');
    const scrolled = await page.evaluate(() => window.scrollY);
    // Touch events as a finger sends them (Chromium makes the pointer events from them).
    const cdp = await page.context().newCDPSession(page);
    const at = (fx: number, fy: number) => [
      { x: area.x + area.width * fx, y: area.y + area.height * fy },
    ];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0.05, 0.6) });
    for (let i = 1; i <= 6; i += 1) {
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: at(0.05 + 0.025 * i, 0.6 + 0.04 * i),
      });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect.poll(async () => Number(await manual())).toBe(before + 1);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    const rows = await dbRun<{ x: number; y: number; width: number; height: number }[]>([
      {
        sql: `select x, y, width, height from faces where photo_id = ? and source = 'manual'
              order by id desc limit 1`,
        params: [photoId],
      },
    ]);
    expect(rows[0]?.x).toBeCloseTo(0.05, 1);
    expect(rows[0]?.y).toBeCloseTo(0.6, 1);
    expect(rows[0]?.width).toBeCloseTo(0.15, 1);
    expect(rows[0]?.height).toBeCloseTo(0.24, 1);
    await expect(photo.getByRole('button', { name: '5 Por revisar' })).toBeFocused();
  });
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
