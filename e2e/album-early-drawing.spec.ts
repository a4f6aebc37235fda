import type { Page } from '@playwright/test';
import { apiToken, canvasJpeg, createMember, firstAdminToken, login } from './support/app.js';
import { E2E } from './support/env.js';
import { expect, test } from './support/fixtures.js';
import { screenFile, takingShots } from './support/shots.js';

// The album page's inline script draws a member's album (its header and the photos on screen)
// before the app's scripts have come (decision 207), and the app then draws the same page over
// it: nothing may move when it does. Tried with the app's entry held back (what the script
// draws alone), then let through (what the member sees once the app runs), at a phone's width
// and a computer's; and nothing on the page shifts meanwhile (the shell's footer included).

/** Landscapes, portraits and a panorama in turn, as a camp album mixes them. */
const SHAPES = [
  [64, 48],
  [64, 36],
  [48, 64],
  [64, 48],
  [96, 32],
  [64, 48],
  [64, 36],
] as const;
const PHOTOS = 14;
/** The app's entry script: held back, the page is what its inline script draws. */
const ENTRY = /\/assets\/index-[^/]+\.js$/;

/** Where the page's title and its grid's photos are, to the half pixel. */
function placesOf(page: Page) {
  return page.evaluate(() => {
    const place = (e: Element) => {
      const r = e.getBoundingClientRect();
      return [r.x, r.y, r.width, r.height].map((v) => Math.round(v * 2) / 2);
    };
    return {
      title: place(document.querySelector('main h1')!),
      photos: [...document.querySelectorAll('main .card img.media-box-image')].map(place),
    };
  });
}

/**
 * Waits until the grid's first `count` photos (all, when not given) have loaded and show: the
 * app also draws rows below the screen, whose images load only when scrolled near.
 */
async function photosShown(page: Page, count?: number) {
  const image = page.locator('main .card img.media-box-image');
  await expect(image.first()).toBeVisible();
  await expect
    .poll(() =>
      image.evaluateAll(
        (all, n) =>
          all
            .slice(0, n ?? all.length)
            .every((i) => (i as HTMLImageElement).complete && getComputedStyle(i).opacity === '1'),
        count,
      ),
    )
    .toBe(true);
}

test('a member sees the album before the app has loaded, and nothing moves when the app draws it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await firstAdminToken(page.request);
  const scouter = await createMember(page.request, E2E.firstAdminEmail, 'scouter');
  const member = await createMember(page.request, E2E.firstAdminEmail, 'usuario');
  const headers = { Authorization: `Bearer ${await apiToken(page.request, scouter.email)}` };
  const title = `Acampada de otoño ${Date.now() % 1000}`;
  const created = await page.request.post('/api/albums/newAlbum', {
    headers,
    multipart: {
      title,
      description: 'Dos días junto al río, con la Tropa y la Unidad.',
      publish: 'true',
      cover: { name: 'p.jpg', mimeType: 'image/jpeg', buffer: await canvasJpeg(page, 64, 48) },
    },
  });
  expect(created.status()).toBe(201);
  const albumId = ((await created.json()) as { album: { id: number } }).album.id;
  const form = new FormData();
  form.append('albumId', String(albumId));
  for (let i = 0; i < PHOTOS; i += 1) {
    const [w, h] = SHAPES[i % SHAPES.length]!;
    const jpeg = await canvasJpeg(page, w, h, 21 + i, 4);
    form.append('images', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), `f-${i}.jpg`);
    if (i === 9) {
      const up = await page.request.post('/api/photos/upload', { headers, multipart: form });
      expect(up.status()).toBe(201);
      for (const key of [...form.keys()]) if (key === 'images') form.delete(key);
    }
  }
  const up = await page.request.post('/api/photos/upload', { headers, multipart: form });
  expect(up.status()).toBe(201);
  // A caption on the third photo: its row's cards are taller (their body holds two lines more).
  const list = await page.request.get(`/api/photos/album/${albumId}?page=1&limit=48`, { headers });
  const third = ((await list.json()) as { id: number }[])[2]!;
  const captioned = await page.request.put(`/api/photos/${third.id}`, {
    headers,
    data: { description: 'Montando las tiendas' },
  });
  expect(captioned.status()).toBe(200);

  await login(page, member.email);
  // Every shift of the page's layout, from its start: a moved footer counts as much as a photo.
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  for (const width of [412, 1280]) {
    await page.setViewportSize({ width, height: 823 });

    // The app's entry held back until the script's drawing has been looked at, as a slow link
    // holds it: the script draws alone, then the app draws over it.
    let release = () => {};
    const held = new Promise<void>((done) => {
      release = done;
    });
    await page.route(ENTRY, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/album/${albumId}`, { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('link', { name: '← Volver a la galería' })).toBeVisible();
    await expect(page.getByText('Dos días junto al río, con la Tropa y la Unidad.')).toBeVisible();
    await expect(page.getByText('Descargar álbum')).toBeVisible();
    await expect(page.getByText(`Un archivo ZIP con ${PHOTOS} fotos.`)).toBeVisible();
    await photosShown(page);
    // The app has not drawn: no photo button has its name yet.
    await expect(page.getByRole('button', { name: /^Ver foto/ })).toHaveCount(0);
    const early = await placesOf(page);
    expect(early.photos.length).toBeGreaterThanOrEqual(4);
    if (takingShots) await page.screenshot({ path: screenFile('album-early', width) });
    release();

    await expect(page.getByRole('button', { name: 'Ver foto 1', exact: true })).toBeVisible();
    await expect(
      page.getByRole('button', { name: /^Ver \d+ comentarios?$/ }).first(),
    ).toBeVisible();
    await photosShown(page, early.photos.length);
    // The app's page took the script's place: one title, one grid.
    await expect(page.locator('main h1')).toHaveCount(1);
    await expect(page.locator('main .photo-rows-virtual')).toHaveCount(1);
    // Each stylesheet once, the entry's first and the page's own after it, as the app has them
    // when it applies them itself (the script applied them here): the cascade is the app's.
    const sheets = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map(
        (l) => new URL(l.href).pathname,
      ),
    );
    expect(new Set(sheets).size).toBe(sheets.length);
    expect(sheets[0]).toMatch(/^\/assets\/index-[^/]+\.css$/);
    expect(sheets.some((path) => /bootstrap-rest/.test(path))).toBe(true);
    const app = await placesOf(page);
    if (takingShots) await page.screenshot({ path: screenFile('album-app', width) });
    expect(app.title).toEqual(early.title);
    // The app draws the rows around the screen too: the first ones are where the script drew them.
    expect(app.photos.slice(0, early.photos.length)).toEqual(early.photos);
    expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual(
      [],
    );
    await page.unroute(ENTRY);
  }
});

test("a manager's album page is drawn by the app alone: its draft and faces bar are the app's", async ({
  page,
}) => {
  await firstAdminToken(page.request);
  const scouter = await createMember(page.request, E2E.firstAdminEmail, 'scouter');
  const headers = { Authorization: `Bearer ${await apiToken(page.request, scouter.email)}` };
  const created = await page.request.post('/api/albums/newAlbum', {
    headers,
    multipart: {
      title: 'Excursión al pantano',
      publish: 'true',
      cover: { name: 'p.jpg', mimeType: 'image/jpeg', buffer: await canvasJpeg(page, 64, 48) },
    },
  });
  const albumId = ((await created.json()) as { album: { id: number } }).album.id;
  const jpeg = await canvasJpeg(page, 64, 48, 5, 4);
  const up = await page.request.post('/api/photos/upload', {
    headers,
    multipart: {
      albumId: String(albumId),
      images: { name: 'f.jpg', mimeType: 'image/jpeg', buffer: jpeg },
    },
  });
  expect(up.status()).toBe(201);
  await login(page, scouter.email);
  await page.route(ENTRY, (route) => route.abort());
  await page.goto(`/album/${albumId}`);
  // Once the script's reads have come and a frame has passed, the page is still the shell.
  await page.evaluate(async () => {
    const reads = (window as unknown as { __fogataEarlyReads: Record<string, Promise<unknown>> })
      .__fogataEarlyReads;
    await Promise.all(Object.values(reads));
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const sheets = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
    await Promise.all(
      sheets.map((s) => s.sheet ?? new Promise((done) => s.addEventListener('load', done))),
    );
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  });
  await expect(page.locator('main h1')).toHaveCount(0);
  await expect(page.locator('main .card')).toHaveCount(0);
});
