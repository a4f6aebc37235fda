import { expectAccessible } from './support/a11y.js';
import {
  apiToken,
  canvasJpeg,
  createMember,
  facesScanned,
  firstAdminToken,
  login,
} from './support/app.js';
import { dbRun } from './support/control.js';
import { E2E } from './support/env.js';
import { expect, test } from './support/fixtures.js';
import { screen } from './support/shots.js';

// Decision 099: a photo whose faces could not be looked for is blurred whole for the families
// until a scouter has looked at it in Revisar caras and pressed 'Ya la he revisado'.
test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
const title = `Excursión sin buscar ${stamp}`;
let scouter: { email: string };
let member: { email: string };
let albumId = 0;
let photoId = 0;

test.beforeAll(async ({ browser, request }) => {
  scouter = await createMember(request, E2E.firstAdminEmail, 'scouter', 'Pablo Scouter Revisa');
  member = await createMember(request, E2E.firstAdminEmail, 'usuario', 'Marta Familia Espera');
  const admin = { Authorization: `Bearer ${await firstAdminToken(request)}` };
  const page = await browser.newPage();
  const cover = await canvasJpeg(page, 800, 600, 3);
  const picture = await canvasJpeg(page, 1200, 900, 11, 24);
  await page.close();
  const made = await request.post('/api/albums/newAlbum', {
    headers: admin,
    multipart: { title, cover: { name: 'portada.jpg', mimeType: 'image/jpeg', buffer: cover } },
  });
  expect(made.status()).toBe(201);
  albumId = ((await made.json()) as { album: { id: number } }).album.id;
  const uploaded = await request.post('/api/photos/upload', {
    headers: admin,
    multipart: {
      albumId: String(albumId),
      images: { name: 'rio.jpg', mimeType: 'image/jpeg', buffer: picture },
    },
  });
  expect(uploaded.status()).toBe(201);
  photoId = ((await uploaded.json()) as { uploaded: { id: number }[] }).uploaded[0]!.id;
  await facesScanned(request);
  // The background scan tried three times and gave up on it (as when the detector keeps failing).
  await dbRun([
    {
      sql: 'insert into face_scan_queue (photo_id, attempts, created_at, gave_up_at) values (?, 3, ?, ?)',
      params: [photoId, new Date().toISOString(), new Date().toISOString()],
    },
  ]);
});

/** The display copy's URL of the photo as `email` gets it in the album's list. */
async function imageUrlFor(request: Parameters<typeof apiToken>[0], email: string) {
  const token = await apiToken(request, email);
  const res = await request.get(`/api/photos/album/${albumId}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  const photos = (await res.json()) as { id: number; image_url: string }[];
  return photos.find((p) => p.id === photoId)?.image_url ?? '';
}

test('a family gets the photo blurred whole; the admin page counts it', async ({
  page,
  request,
}) => {
  const url = await imageUrlFor(request, member.email);
  expect(url).toMatch(new RegExp(`^/media/p/renditions/photo-${photoId}/`));
  expect((await request.get(url)).status()).toBe(200);

  await login(page, E2E.firstAdminEmail);
  await page.goto('/admin/imagen');
  await expect(
    page.getByText(
      /no se pudieron buscar caras: se ven difuminadas enteras hasta que un scouter las revise en «Revisar caras»\./,
    ),
  ).toBeVisible();
  await screen(page, 'unsearched-admin-image');
});

test("Revisar caras says so; 'Ya la he revisado' clears it for the families", async ({
  page,
  request,
}) => {
  await login(page, scouter.email);
  await page.goto(`/album/${albumId}`);
  await expect(page.getByText('1 cara por revisar')).toBeVisible();
  await page.goto(`/album/${albumId}/caras`);
  const photo = page.getByRole('article', { name: 'Foto 1 de 1' });
  await expect(
    photo.getByText(
      'No se pudieron buscar caras en esta imagen, así que las familias la ven difuminada entera. Dibuja las caras que tenga y pulsa «Ya la he revisado».',
    ),
  ).toBeVisible();
  await expectAccessible(page, 'Revisar caras con una imagen sin buscar');
  await screen(page, 'unsearched-review');

  await photo.getByRole('button', { name: 'Ya la he revisado' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Imagen revisada' })).toHaveText(
    'Imagen revisada: ya no se difumina entera.',
  );
  await expect(photo.getByRole('button', { name: 'Ya la he revisado' })).toHaveCount(0);
  await expect(photo.getByText('No se ha encontrado ninguna cara en esta imagen.')).toBeVisible();

  const url = await imageUrlFor(request, member.email);
  expect(url).toMatch(/^\/media\/p\/photos\//);
  expect((await request.get(url)).status()).toBe(200);
});
