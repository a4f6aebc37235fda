import { readFile } from 'node:fs/promises';
import { apiToken, canvasJpeg, createMember, firstAdminToken, login } from './support/app.js';
import { E2E } from './support/env.js';
import { expect, test } from './support/fixtures.js';
import { shoot } from './support/shots.js';
import { readZip } from './support/zip.js';

// Decision 019: captions, the album as a ZIP, and the audit trail in the admin panel.
test.describe.configure({ mode: 'serial' });

let scouter: { email: string; name: string };
let usuario: { email: string; name: string };
const stamp = Date.now();
const title = `Campamento de verano ${stamp}`;
const slug = `campamento-de-verano-${stamp}`;

test.beforeAll(async ({ request }) => {
  await firstAdminToken(request);
  scouter = await createMember(request, E2E.firstAdminEmail, 'scouter', 'Nerea Pies de Foto');
  usuario = await createMember(request, E2E.firstAdminEmail, 'usuario', 'Ander Descargas');
});

test('a scouter uploads with a caption and edits it in the photo detail', async ({ page }) => {
  test.setTimeout(180_000);
  const headers = { Authorization: `Bearer ${await apiToken(page.request, scouter.email)}` };
  const cover = await canvasJpeg(page, 800, 600, 5);
  const created = await page.request.post('/api/albums/newAlbum', {
    headers,
    multipart: {
      title,
      publish: 'true',
      cover: { name: 'portada.jpg', mimeType: 'image/jpeg', buffer: cover },
    },
  });
  expect(created.status()).toBe(201);
  const albumId = ((await created.json()) as { album: { id: number } }).album.id;

  await login(page, scouter.email);
  await page.goto(`/album/${albumId}`);
  await page.getByRole('button', { name: 'Subir fotos' }).click();
  const dialog = page.getByRole('dialog', { name: 'Subir Fotos' });
  await dialog.getByLabel('Fotos').setInputFiles([
    { name: 'fuego.jpg', mimeType: 'image/jpeg', buffer: await canvasJpeg(page, 900, 600, 21) },
    { name: 'lago.jpg', mimeType: 'image/jpeg', buffer: await canvasJpeg(page, 900, 600, 22) },
  ]);
  await expect(dialog.getByText(/no escribas nombres completos de niños y niñas/)).toBeVisible();
  await dialog
    .getByLabel('Pie de foto de fuego.jpg (opcional)')
    .fill('Fuego de campamento la primera noche');
  await shoot(page, 'caption-upload');
  await dialog.getByRole('button', { name: 'Subir' }).click();
  // The server decodes and re-encodes each photo with sharp: a ceiling for a loaded machine
  // (CI's other passes, other processes), not a timing goal; `npm run bench` measures it.
  await expect(dialog.getByText('Se subieron 2 fotos.')).toBeVisible({ timeout: 90_000 });
  await expect(dialog).toBeHidden();

  // The card says the caption; the detail shows it and lets the scouter change it.
  const card = page.getByRole('button', { name: /Ver foto \d: Fuego de campamento/ });
  await expect(card).toBeVisible();
  await card.click();
  const detail = page.getByRole('dialog', { name: 'Detalle de Foto' });
  await expect(detail.getByText('Fuego de campamento la primera noche')).toBeVisible();
  await expect(
    detail.getByRole('img', { name: 'Fuego de campamento la primera noche' }),
  ).toBeVisible();
  await detail.getByRole('button', { name: 'Editar pie de foto' }).click();
  const field = detail.getByLabel('Pie de foto (opcional)');
  await expect(field).toHaveValue('Fuego de campamento la primera noche');
  await field.fill('Fuego de campamento junto al río');
  await expect(detail.getByText('32/500')).toBeVisible();
  await shoot(page, 'caption-edit');
  await detail.getByRole('button', { name: 'Guardar' }).click();
  await expect(detail.getByText('Fuego de campamento junto al río')).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Editar pie de foto' })).toBeVisible();

  // Reloaded from the server, for a member too.
  const member = { Authorization: `Bearer ${await apiToken(page.request, usuario.email)}` };
  const photos = (await (
    await page.request.get(`/api/photos/album/${albumId}`, { headers: member })
  ).json()) as { description: string | null }[];
  expect(photos.map((p) => p.description).sort()).toEqual([
    'Fuego de campamento junto al río',
    null,
  ]);
});

test('a usuario downloads the album as a ZIP that opens with the right files', async ({ page }) => {
  test.setTimeout(300_000);
  await login(page, usuario.email);
  await page.goto('/gallery');
  await page.getByRole('link', { name: title, exact: true }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText('Un archivo ZIP con 2 fotos.')).toBeVisible();
  await shoot(page, 'album-download');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Descargar álbum' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${slug}.zip`);
  const path = await download.path();
  const entries = readZip(await readFile(path));
  expect(entries.map((e) => e.name)).toEqual([`${slug}-001.webp`, `${slug}-002.webp`]);
  for (const entry of entries) {
    expect(entry.method).toBe(0);
    expect(entry.data.subarray(0, 4).toString()).toBe('RIFF');
    expect(entry.data.subarray(8, 12).toString()).toBe('WEBP');
    // No metadata chunks in the display copy.
    expect(entry.data.includes(Buffer.from('EXIF'))).toBe(false);
    expect(entry.data.includes(Buffer.from('XMP '))).toBe(false);
  }
  // The usuario sees no caption controls.
  await page.getByRole('button', { name: /Ver foto \d: Fuego de campamento/ }).click();
  const detail = page.getByRole('dialog', { name: 'Detalle de Foto' });
  await expect(detail.getByText('Fuego de campamento junto al río')).toBeVisible();
  await expect(detail.getByRole('button', { name: /pie de foto/ })).toHaveCount(0);
});

test('the admin reads who did what in the administration panel', async ({ page }) => {
  // The scouter deletes a photo; the admin's invitations are already in the trail.
  const headers = { Authorization: `Bearer ${await apiToken(page.request, scouter.email)}` };
  const albums = (await (await page.request.get('/api/albums', { headers })).json()) as {
    id: number;
    title: string;
  }[];
  const album = albums.find((a) => a.title === title)!;
  const photos = (await (
    await page.request.get(`/api/photos/album/${album.id}`, { headers })
  ).json()) as { id: number; description: string | null }[];
  const plain = photos.find((p) => p.description === null)!;
  expect((await page.request.delete(`/api/photos/${plain.id}`, { headers })).status()).toBe(200);

  await login(page, E2E.firstAdminEmail);
  await page.goto('/admin/invitations');
  const section = page.getByRole('region', { name: 'Registro de actividad' });
  await expect(section).toBeVisible();
  const deleted = section
    .locator('tbody tr')
    .filter({ hasText: `Eliminó una foto del álbum «${title}».` });
  await expect(deleted).toBeVisible();
  await expect(deleted).toContainText('Nerea Pies de Foto');
  const invited = section
    .locator('tbody tr')
    .filter({ hasText: `Invitó a ${scouter.email} como Scouter.` });
  await expect(invited).toBeVisible();
  await expect(section.getByText(/Página 1 de \d+ · \d+ entradas/)).toBeVisible();
  await expect(section.getByRole('button', { name: /Editar|Eliminar/ })).toHaveCount(0);
  await section.scrollIntoViewIfNeeded();
  await shoot(page, 'admin-audit');
});
