import { expectAccessible } from './support/a11y.js';
import { apiToken, canvasJpeg, createMember, firstAdminToken, login } from './support/app.js';
import { E2E } from './support/env.js';
import { expect, test } from './support/fixtures.js';
import { screen } from './support/shots.js';

// A camp album of hundreds of photos (decision 038). The grid keeps only the rows near the screen
// in the DOM however far one scrolls (a count of elements, not a timing), jumping to the end and
// back works, and 'Detalle de Foto' moves through the album by keyboard with the photo in the
// address, the back button closing it.

/** At most this many elements in the whole document, whatever the album's size. */
const DOM_BOUND = 2000;
const PHOTOS = 240;
/** Landscapes, portraits and a panorama in turn, as a camp album mixes them. */
const SHAPES = [
  [64, 48],
  [48, 64],
  [64, 36],
  [48, 64],
  [96, 32],
] as const;

test('a large album: a bounded DOM to the end and back; the viewer moves by keyboard and the back button closes it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await firstAdminToken(page.request);
  const scouter = await createMember(page.request, E2E.firstAdminEmail, 'scouter');
  const headers = { Authorization: `Bearer ${await apiToken(page.request, scouter.email)}` };
  const title = `Campamento grande ${Date.now() % 1000}`;
  const created = await page.request.post('/api/albums/newAlbum', {
    headers,
    multipart: {
      title,
      publish: 'true',
      cover: { name: 'p.jpg', mimeType: 'image/jpeg', buffer: await canvasJpeg(page, 64, 48) },
    },
  });
  expect(created.status()).toBe(201);
  const albumId = ((await created.json()) as { album: { id: number } }).album.id;
  const images = await Promise.all(
    SHAPES.map(async ([w, h], i) => ({
      name: `foto-${i}.jpg`,
      mimeType: 'image/jpeg',
      buffer: await canvasJpeg(page, w, h, 11 + i, 4),
    })),
  );
  // Ten photos an upload (the most one upload takes), as a scouter would send them.
  for (let sent = 0; sent < PHOTOS; sent += 10) {
    const form = new FormData();
    form.append('albumId', String(albumId));
    for (let i = 0; i < 10; i += 1) {
      const image = images[(sent + i) % images.length]!;
      form.append('images', new Blob([image.buffer], { type: image.mimeType }), image.name);
    }
    const up = await page.request.post('/api/photos/upload', { headers, multipart: form });
    expect(up.status()).toBe(201);
  }

  await login(page, scouter.email);
  const photoReads: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (
      url.pathname === `/api/photos/album/${albumId}` ||
      url.pathname === `/api/albums/${albumId}`
    )
      photoReads.push(`${url.pathname}${url.search}`);
  });
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto(`/album/${albumId}`);
  const tile = (n: number) => page.getByRole('button', { name: `Ver foto ${n}`, exact: true });
  await expect(tile(1)).toBeVisible();
  // The page's own script asked for the album and its first page; the app asked for neither.
  expect(photoReads).toEqual([
    `/api/albums/${albumId}`,
    `/api/photos/album/${albumId}?page=1&limit=48`,
  ]);
  const elements = () => page.evaluate(() => document.getElementsByTagName('*').length);
  const height = () => page.evaluate(() => document.documentElement.scrollHeight);
  const firstHeight = await height();

  // Down a screen at a time to the end: the pages load as the end nears, the DOM stays bounded.
  let most = 0;
  for (let step = 0; step < 400; step += 1) {
    await page.mouse.wheel(0, 823);
    await page.waitForTimeout(30);
    most = Math.max(most, await elements());
    const onScreen = await page.evaluate((name) => {
      const last = document.querySelector(`[aria-label="${name}"]`)?.getBoundingClientRect();
      return !!last && last.top < window.innerHeight && last.bottom > 0;
    }, `Ver foto ${PHOTOS}`);
    if (onScreen) break;
  }
  await expect(tile(PHOTOS)).toBeInViewport();
  test.info().annotations.push({ type: 'elementos como mucho', description: String(most) });
  expect(most, 'elementos en el documento').toBeLessThanOrEqual(DOM_BOUND);
  expect(await page.locator('main .card').count()).toBeLessThan(60);
  // The scrollbar told the truth from the start: the grid's height was estimated from the first
  // page and the album's count (same shapes in turn, so close).
  const lastHeight = await height();
  expect(Math.abs(lastHeight - firstHeight) / lastHeight).toBeLessThan(0.05);
  await screen(page, 'album-large-end');

  // Jump to the top and to the end again, as the scrollbar's thumb does.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(tile(1)).toBeInViewport();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(tile(PHOTOS)).toBeInViewport();
  expect(await elements()).toBeLessThanOrEqual(DOM_BOUND);

  // The viewer: from the last photo back by the arrow key, its place and the address following.
  await tile(PHOTOS).click();
  const detail = page.getByRole('dialog', { name: 'Detalle de Foto' });
  const bar = detail.getByRole('navigation', { name: 'Navegación entre fotos' });
  await expect(bar).toContainText(`${PHOTOS} de ${PHOTOS}`);
  await expect(bar.getByRole('button', { name: 'Foto siguiente' })).toBeDisabled();
  const last = new URL(page.url()).searchParams.get('foto');
  await page.keyboard.press('ArrowLeft');
  await expect(bar).toContainText(`${PHOTOS - 1} de ${PHOTOS}`);
  await expect(page).not.toHaveURL(new RegExp(`foto=${last}$`));
  await expect(page).toHaveURL(new RegExp(`/album/${albumId}\\?foto=\\d+$`));
  await expectAccessible(page, "'Detalle de Foto' con su navegación");
  // Full screen and back, by keyboard.
  await bar.getByRole('button', { name: 'Ver a pantalla completa' }).click();
  const zoom = page.getByRole('dialog', { name: 'Foto a pantalla completa' });
  await expect(zoom).toBeVisible();
  await expect(zoom.getByRole('button', { name: 'Salir de pantalla completa' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(zoom).toBeHidden();
  await expect(detail).toBeVisible();
  // The back button closes the viewer and leaves the grid where it was.
  await page.goBack();
  await expect(detail).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/album/${albumId}$`));
  await expect(tile(PHOTOS)).toBeInViewport();
});
