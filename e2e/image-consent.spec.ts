import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { FIXTURE_FACES } from '../packages/server/src/test/face-fixtures.js';
import { expectAccessible } from './support/a11y.js';
import {
  bearer,
  bornYearsAgo,
  createChild,
  createMember,
  facesScanned,
  firstAdminToken,
  login,
} from './support/app.js';
import { dbRun } from './support/control.js';
import { E2E } from './support/env.js';
import { expect, test } from './support/fixtures.js';
import { allMail } from './support/mail.js';
import { screen } from './support/shots.js';
import { readZip } from './support/zip.js';

/*
 * Image consent end to end with real photographs of faces and the real detector: a
 * scouter uploads a group photo, reviews its faces in Revisar caras and assigns them; a family
 * whose child is not the one without gallery consent gets that face blurred in the grid, the
 * detail, the ZIP and the digest, while the child's own family gets it clear; the same image on a
 * public news item is blurred for a visitor until 'Web pública' is granted; withdrawing blurs it
 * again, and the old link stops serving the clear image. Every check is on the bytes received.
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
const title = `Campamento de verano ${stamp}`;
const newsTitle = `Crónica del campamento ${stamp}`;
const ana = `Ana Sinfoto ${stamp}`;
const bruno = `Bruno Confoto ${stamp}`;
let scouter: { email: string };
let anaFamily: { email: string };
let brunoFamily: { email: string };
let anaId = 0;
let brunoId = 0;
let albumId = 0;
let photoId = 0;
let group: Buffer;

/** Where each child stands in the group photo, as fractions of it (the fixtures' own faces). */
const WIDTH = 1600;
const HEIGHT = 900;
const PORTRAIT = 600;
const ANA_AT = { left: 100, top: 150 };
const BRUNO_AT = { left: 900, top: 150 };
/** Each fixture's face in its own 512 px picture (marked by hand), as fractions. */
const fraction = (face: { x: number; y: number; width: number; height: number }) => ({
  x: face.x / 512,
  y: face.y / 512,
  width: face.width / 512,
  height: face.height / 512,
});
const ASTRONAUT_FACE = fraction(FIXTURE_FACES.astronaut);
const CAMERA_FACE = fraction(FIXTURE_FACES.camera);

/** A face's box in the group photo, as fractions of it. */
function inGroup(at: { left: number; top: number }, face: typeof ASTRONAUT_FACE) {
  return {
    x: (at.left + face.x * PORTRAIT) / WIDTH,
    y: (at.top + face.y * PORTRAIT) / HEIGHT,
    width: (face.width * PORTRAIT) / WIDTH,
    height: (face.height * PORTRAIT) / HEIGHT,
  };
}
const ANA_FACE = inGroup(ANA_AT, ASTRONAUT_FACE);
const BRUNO_FACE = inGroup(BRUNO_AT, CAMERA_FACE);

/** The group photo: the two portraits on a grey field, as a camera's JPEG. */
async function groupPhoto(): Promise<Buffer> {
  const portrait = (file: string) =>
    sharp(readFileSync(join(E2E.root, 'fixtures', 'faces', file)))
      .resize(PORTRAIT, PORTRAIT)
      .toBuffer();
  return sharp({
    create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#8a8f86' },
  })
    .composite([
      { input: await portrait('astronaut.png'), ...ANA_AT },
      { input: await portrait('camera.png'), ...BRUNO_AT },
    ])
    .jpeg({ quality: 90 })
    .toBuffer();
}

/**
 * How much fine detail the inner half of `box` keeps in `image`: the mean difference, in grey,
 * between the region and itself slightly blurred. Edges and texture (eyes, mouth, hair) count; a
 * smooth patch, however dark or light, counts almost nothing.
 */
async function detail(image: Buffer, box: typeof ANA_FACE): Promise<number> {
  const { width = 0, height = 0 } = await sharp(image).metadata();
  const region = {
    left: Math.round((box.x + box.width / 4) * width),
    top: Math.round((box.y + box.height / 4) * height),
    width: Math.max(3, Math.round((box.width / 2) * width)),
    height: Math.max(3, Math.round((box.height / 2) * height)),
  };
  const grey = await sharp(image).greyscale().extract(region).raw().toBuffer();
  const soft = await sharp(grey, {
    raw: { width: region.width, height: region.height, channels: 1 },
  })
    .blur(1)
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  let sum = 0;
  for (let i = 0; i < grey.length; i += 1) sum += Math.abs((grey[i] ?? 0) - (soft[i] ?? 0));
  return sum / grey.length;
}

/** Clear or blurred, judged against the same box of the original group photo. */
async function looks(image: Buffer, box: typeof ANA_FACE): Promise<'clear' | 'blurred'> {
  // Both at one size, a thumbnail's: fine detail is then measured on the same scale.
  const atScale = (bytes: Buffer) =>
    sharp(bytes).resize(480, 270, { fit: 'fill' }).png().toBuffer();
  const original = await detail(await atScale(group), box);
  const shown = await detail(await atScale(image), box);
  expect(original).toBeGreaterThan(3);
  // A blurred face keeps a small part of the fine detail; a clear one, after the copies'
  // compression (a thumbnail of a blurred copy is compressed twice), half or more.
  if (shown < original / 4) return 'blurred';
  expect(shown, 'ni clara ni difuminada').toBeGreaterThan(original / 2);
  return 'clear';
}

/** The grid's tile of the album's only photo, and its picture. */
const tile = (page: Page) =>
  page.getByRole('button', { name: 'Ver foto 1' }).locator('img.media-box-image');
/** The picture of 'Detalle de Foto'. */
const detailPicture = (page: Page) =>
  page.getByRole('dialog').getByRole('img', { name: `${title}, foto 1 de 1` });

/** The bytes behind an image the page shows (the `src` the browser was given). */
async function bytesOf(page: Page, img: ReturnType<Page['locator']>): Promise<Buffer> {
  await expect(img).toBeVisible();
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 64))
    .toBe(true);
  const src = await img.evaluate((el: HTMLImageElement) => el.currentSrc || el.src);
  const res = await page.request.get(src);
  expect(res.status()).toBe(200);
  return res.body();
}

/**
 * Assigns face `number` of the image `scope` (an article of Revisar caras) to `name`, the way a
 * scouter does with the keyboard: on the face, Enter opens the child's search (a letter would too,
 * but A and N are Adulto and No es una cara), the name, Enter.
 */
async function assignFace(
  page: Page,
  scope: ReturnType<Page['getByRole']>,
  number: number,
  name: string,
) {
  const chip = scope.getByRole('button', { name: `${number} Por revisar` });
  await chip.click();
  await expect(chip).toBeFocused();
  await page.keyboard.press('Enter');
  const search = scope.getByRole('combobox', { name: 'Educando' });
  await expect(search).toBeFocused();
  // The whole name: other specs' children may share a first name.
  await page.keyboard.type(name.toLowerCase());
  await expect(scope.getByRole('option', { name: new RegExp(name) })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(scope.getByRole('button', { name: `${number} ${name}` })).toBeVisible();
}

test.beforeAll(async ({ request }) => {
  await firstAdminToken(request);
  group = await groupPhoto();
  scouter = await createMember(request, E2E.firstAdminEmail, 'scouter', 'Nuria Scouter Campamento');
  anaFamily = await createMember(request, E2E.firstAdminEmail, 'usuario', 'Familia de Ana');
  brunoFamily = await createMember(request, E2E.firstAdminEmail, 'usuario', 'Familia de Bruno');
  await dbRun([
    {
      sql: `insert into scouter_sections (user_id, section_id)
        select u.id, s.id from users u, sections s where u.email = ? and s.name = 'Tropa'`,
      params: [scouter.email],
    },
  ]);
  anaId = await createChild(request, E2E.firstAdminEmail, {
    fullName: ana,
    birthDate: bornYearsAgo(12),
    section: 'Tropa',
    guardians: [anaFamily.email],
  });
  brunoId = await createChild(request, E2E.firstAdminEmail, {
    fullName: bruno,
    birthDate: bornYearsAgo(12),
    section: 'Tropa',
    guardians: [brunoFamily.email],
  });
  // Bruno's family allows the gallery; Ana's has not answered (no answer: no consent).
  const granted = await request.put(`/api/profile/children/${brunoId}/consents`, {
    headers: await bearer(request, brunoFamily.email),
    data: { purpose: 'gallery', granted: true },
  });
  expect(granted.status()).toBe(200);
});

test('a scouter uploads a group photo and the detector finds both faces, to review', async ({
  page,
  request,
}) => {
  // A draft: the families see it (and the digest tells them) once the faces are reviewed.
  const headers = await bearer(request, scouter.email);
  const made = await request.post('/api/albums/newAlbum', {
    headers,
    multipart: {
      title,
      publish: 'false',
      sections: '',
      cover: { name: 'portada.jpg', mimeType: 'image/jpeg', buffer: group },
    },
  });
  expect(made.status()).toBe(201);
  albumId = ((await made.json()) as { album: { id: number } }).album.id;

  await login(page, scouter.email);
  await page.goto(`/album/${albumId}`);
  await page.getByRole('button', { name: 'Subir fotos' }).click();
  const upload = page.getByRole('dialog', { name: 'Subir Fotos' });
  await upload
    .getByLabel('Fotos')
    .setInputFiles({ name: 'grupo.jpg', mimeType: 'image/jpeg', buffer: group });
  await upload.getByRole('button', { name: 'Subir' }).click();
  await expect(upload.getByText('Se subió 1 foto.')).toBeVisible({ timeout: 90_000 });

  const [photo] = await dbRun<{ id: number }[]>([
    { sql: 'select id from photos where album_id = ?', params: [albumId] },
  ]);
  photoId = photo!.id;
  // The real detector, on the real photograph, once the scan has looked (after the answer): one
  // box on each face, none elsewhere.
  await facesScanned(request);
  const faces = await dbRun<{ x: number; width: number; status: string }[]>([
    { sql: 'select x, width, status from faces where photo_id = ? order by x', params: [photoId] },
  ]);
  expect(faces.map((f) => f.status)).toEqual(['pending', 'pending']);
  const centre = (f: { x: number; width: number }) => f.x + f.width / 2;
  expect(Math.abs(centre(faces[0]!) - (ANA_FACE.x + ANA_FACE.width / 2))).toBeLessThan(0.05);
  expect(Math.abs(centre(faces[1]!) - (BRUNO_FACE.x + BRUNO_FACE.width / 2))).toBeLessThan(0.05);
  await page.goto(`/album/${albumId}`);
  await expect(page.getByRole('link', { name: /Revisar caras/ })).toContainText(
    /[34] caras por revisar/,
  );
});

test('the scouter assigns each face to its child in Revisar caras, with the keyboard', async ({
  page,
}) => {
  await login(page, scouter.email);
  await page.goto(`/album/${albumId}/caras`);
  await expect(page.getByRole('heading', { name: 'Revisar caras' })).toBeVisible();
  // Faces are numbered as found; the one further left is Ana's.
  const ids = await dbRun<{ id: number; x: number }[]>([
    { sql: 'select id, x from faces where photo_id = ? order by id', params: [photoId] },
  ]);
  const anaNumber = ids[0]!.x < ids[1]!.x ? 1 : 2;
  const brunoNumber = 3 - anaNumber;
  const article = page.getByRole('article', { name: 'Foto 1 de 1' });
  await assignFace(page, article, anaNumber, ana);
  await assignFace(page, article, brunoNumber, bruno);
  // The cover is the same picture: its two faces too.
  const cover = page.getByRole('article', { name: 'Portada del álbum' });
  const coverIds = await dbRun<{ id: number; x: number }[]>([
    { sql: 'select id, x from faces where album_id = ? order by id', params: [albumId] },
  ]);
  const coverAna = coverIds[0]!.x < coverIds[1]!.x ? 1 : 2;
  await assignFace(page, cover, coverAna, ana);
  await assignFace(page, cover, 3 - coverAna, bruno);
  await expect(page.getByText('No queda ninguna cara por revisar.')).toBeVisible();
  await screen(page, 'image-consent-review');
  await expectAccessible(page, 'Revisar caras, todo revisado');
});

test('once reviewed, the scouter publishes the album', async ({ request }) => {
  const published = await request.post(`/api/albums/${albumId}/publish`, {
    headers: await bearer(request, scouter.email),
  });
  expect(published.status()).toBe(200);
});

test("another family gets Ana's face blurred in the grid and the detail, Bruno's clear", async ({
  page,
}) => {
  await login(page, brunoFamily.email);
  await page.goto(`/album/${albumId}`);
  const thumb = await bytesOf(page, tile(page));
  expect(await looks(thumb, ANA_FACE)).toBe('blurred');
  expect(await looks(thumb, BRUNO_FACE)).toBe('clear');
  await screen(page, 'image-consent-grid-other-family');
  await page.getByRole('button', { name: 'Ver foto 1' }).click();
  const detailImage = await bytesOf(page, detailPicture(page));
  expect(await looks(detailImage, ANA_FACE)).toBe('blurred');
  expect(await looks(detailImage, BRUNO_FACE)).toBe('clear');
});

test("the ZIP and the digest: Ana's face blurred for that family", async ({ page }) => {
  await login(page, brunoFamily.email);
  await page.goto(`/album/${albumId}`);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /Descargar/ }).click();
  const file = await (await download).path();
  const [entry] = readZip(readFileSync(file));
  expect(await looks(entry!.data, ANA_FACE)).toBe('blurred');
  expect(await looks(entry!.data, BRUNO_FACE)).toBe('clear');

  // The digest leaves within seconds of the publication here (the e2e server checks every second).
  let cover: Buffer | null = null;
  await expect
    .poll(
      () => {
        const mail = allMail().find(
          (m) => m.to.includes(brunoFamily.email) && m.text.includes(title),
        );
        const image = mail?.attachments?.find((a) => a.contentType.startsWith('image/'));
        cover = image ? Buffer.from(image.content, 'base64') : null;
        return cover !== null;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  expect(await looks(cover!, ANA_FACE)).toBe('blurred');
  expect(await looks(cover!, BRUNO_FACE)).toBe('clear');
});

test("Ana's own family sees her clear, in the detail and in their digest", async ({ page }) => {
  await login(page, anaFamily.email);
  await page.goto(`/album/${albumId}`);
  const thumb = await bytesOf(page, tile(page));
  expect(await looks(thumb, ANA_FACE)).toBe('clear');
  let cover: Buffer | null = null;
  await expect
    .poll(
      () => {
        const mail = allMail().find(
          (m) => m.to.includes(anaFamily.email) && m.text.includes(title),
        );
        const image = mail?.attachments?.find((a) => a.contentType.startsWith('image/'));
        cover = image ? Buffer.from(image.content, 'base64') : null;
        return cover !== null;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  expect(await looks(cover!, ANA_FACE)).toBe('clear');
  await screen(page, 'image-consent-grid-own-family');
});

test('withdrawing gallery consent blurs Bruno again, and the clear link stops serving', async ({
  page,
  request,
}) => {
  await login(page, anaFamily.email);
  await page.goto(`/album/${albumId}`);
  const img = tile(page);
  await expect(img).toBeVisible();
  const clearSrc = await img.evaluate((el: HTMLImageElement) => el.currentSrc || el.src);
  expect(await looks(await (await page.request.get(clearSrc)).body(), BRUNO_FACE)).toBe('clear');

  // Bruno's family withdraws, in Mis educandos.
  const other = await page.context().browser()!.newPage();
  await login(other, brunoFamily.email);
  await other.goto('/profile/edit');
  await other
    .getByRole('group', { name: `Galería del grupo para ${bruno}` })
    .getByRole('radio', { name: 'No' })
    .check();
  await expect(
    other
      .getByTestId('my-children')
      .locator('[data-purpose="gallery"]')
      .getByText('No autorizado', {
        exact: true,
      }),
  ).toBeVisible();
  await other.close();

  // The link Ana's family was given no longer opens; the grid now gives them Bruno blurred.
  expect((await request.get(clearSrc)).status()).toBe(404);
  await page.reload();
  const thumb = await bytesOf(page, tile(page));
  expect(await looks(thumb, BRUNO_FACE)).toBe('blurred');
  expect(await looks(thumb, ANA_FACE)).toBe('clear');
});

test("a news item's image is blurred for a visitor until 'Web pública', and again after", async ({
  page,
  request,
}) => {
  const admin = { Authorization: `Bearer ${await firstAdminToken(request)}` };
  const made = await request.post('/api/news', {
    headers: admin,
    multipart: {
      title: newsTitle,
      description: 'Así fue el campamento.',
      content: 'Dos semanas junto al río.',
      image: { name: 'grupo.jpg', mimeType: 'image/jpeg', buffer: group },
    },
  });
  expect(made.status()).toBe(201);
  const newsId = ((await made.json()) as { news: { id: number } }).news.id;
  const imageUrl = async () =>
    ((await (await request.get(`/api/news/${newsId}`)).json()) as { image_url: string }).image_url;
  const fetchImage = async (url: string) => (await request.get(url)).body();

  // Faces not reviewed yet: both blurred for everyone.
  const first = await imageUrl();
  expect(await looks(await fetchImage(first), ANA_FACE)).toBe('blurred');
  expect(await looks(await fetchImage(first), BRUNO_FACE)).toBe('blurred');

  // The admin reviews them on the news item's own Revisar caras.
  await login(page, E2E.firstAdminEmail);
  await page.goto(`/news/${newsId}/caras`);
  const ids = await dbRun<{ id: number; x: number }[]>([
    { sql: 'select id, x from faces where news_id = ? order by id', params: [newsId] },
  ]);
  expect(ids).toHaveLength(2);
  const anaNumber = ids[0]!.x < ids[1]!.x ? 1 : 2;
  const image = page.getByRole('article', { name: 'Imagen' });
  await assignFace(page, image, anaNumber, ana);
  await assignFace(page, image, 3 - anaNumber, bruno);

  // Neither has 'Web pública': still blurred, under whatever URL the recheck gave it.
  await page.context().clearCookies();
  let current = await imageUrl();
  expect(await looks(await fetchImage(current), ANA_FACE)).toBe('blurred');

  // Ana's family grants it: a new URL with Ana clear; the blurred one is gone.
  const granted = await request.put(`/api/profile/children/${anaId}/consents`, {
    headers: await bearer(request, anaFamily.email),
    data: { purpose: 'web', granted: true },
  });
  expect(granted.status()).toBe(200);
  let clear = current;
  await expect.poll(async () => (clear = await imageUrl())).not.toBe(current);
  expect(await looks(await fetchImage(clear), ANA_FACE)).toBe('clear');
  expect(await looks(await fetchImage(clear), BRUNO_FACE)).toBe('blurred');
  expect((await request.get(current)).status()).toBe(404);

  // The visitor's page shows that image.
  await page.goto(`/news/${newsId}`);
  await expect(page.getByRole('heading', { name: newsTitle })).toBeVisible();
  await screen(page, 'image-consent-news-visitor');

  // Withdrawn: blurred again under yet another URL, and the clear one answers 404.
  const withdrawn = await request.put(`/api/profile/children/${anaId}/consents`, {
    headers: await bearer(request, anaFamily.email),
    data: { purpose: 'web', granted: false },
  });
  expect(withdrawn.status()).toBe(200);
  await expect.poll(async () => (current = await imageUrl())).not.toBe(clear);
  expect(await looks(await fetchImage(current), ANA_FACE)).toBe('blurred');
  expect((await request.get(clear)).status()).toBe(404);

  // Ana's own family, signed in, still sees her on the news page: a copy of their own
  // (decision 100), Bruno blurred in it as for everyone.
  await login(page, anaFamily.email);
  await page.goto(`/news/${newsId}`);
  const own = page.locator(`img[src*="/media/p/renditions/news-${newsId}/"]`);
  await expect(own).toBeVisible();
  await expect
    .poll(() => own.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  const ownUrl = (await own.getAttribute('src')) ?? '';
  expect(await looks(await fetchImage(ownUrl), ANA_FACE)).toBe('clear');
  expect(await looks(await fetchImage(ownUrl), BRUNO_FACE)).toBe('blurred');
  await screen(page, 'image-consent-news-own-family');
});
