import type { Page } from '@playwright/test';
import { expectAccessible } from './support/a11y.js';
import {
  bearer,
  canvasJpeg,
  createChild,
  createMember,
  facesScanned,
  firstAdminToken,
  login,
  PASSWORD,
} from './support/app.js';
import { E2E } from './support/env.js';
import { expect, test } from './support/fixtures.js';
import { pathOf, waitForMailLink } from './support/mail.js';
import { shoot } from './support/shots.js';

/*
 * The group's structure end to end (decisions 140, 047–054): an admin adds two children of
 * different sections, invites their family carrying both, the family registers already linked and
 * sees exactly the albums of those two sections and the whole group's; a family of another section
 * gets the 404 of a missing album by every route and link; the paso de sección moves a child and
 * the family's view follows, the photo links it was handed included.
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
const ana = `Ana Manadera Ríos ${stamp}`;
const bruno = `Bruno Tropero Ríos ${stamp}`;
const familyEmail = `familia.rios.${stamp}@example.org`;
const titles = {
  Manada: `Cacería de la Manada ${stamp}`,
  Tropa: `Campamento de la Tropa ${stamp}`,
  Unidad: `Ruta de la Unidad ${stamp}`,
  whole: `Fiesta de todo el grupo ${stamp}`,
};
type AlbumKey = keyof typeof titles;
const albums = {} as Record<AlbumKey, { id: number; photoId: number }>;
let otherFamily: { email: string; name: string };

/** The titles of this run's albums on `/gallery`, as the signed-in viewer sees them. */
async function galleryTitles(page: Page): Promise<string[]> {
  await page.goto('/gallery');
  await expect(page.getByRole('heading', { level: 1, name: 'Álbumes de Fotos' })).toBeVisible();
  await expect(page.getByRole('link', { name: titles.whole, exact: true })).toBeVisible();
  const links = page.getByRole('link', { name: new RegExp(`${stamp}$`) });
  const names = await links.allInnerTexts();
  return [...new Set(names.map((n) => n.trim()))].sort();
}

test.beforeAll(async ({ browser, request }) => {
  await firstAdminToken(request);
  const headers = await bearer(request, E2E.firstAdminEmail);
  const sections = (await (await request.get('/api/sections')).json()) as {
    id: number;
    name: string;
  }[];
  const idOf = (name: string) => sections.find((s) => s.name === name)?.id;
  const page = await browser.newPage();
  for (const [key, title] of Object.entries(titles) as [AlbumKey, string][]) {
    const made = await request.post('/api/albums/newAlbum', {
      headers,
      multipart: {
        title,
        ...(key === 'whole' ? {} : { sections: String(idOf(key)) }),
        cover: {
          name: 'portada.jpg',
          mimeType: 'image/jpeg',
          buffer: await canvasJpeg(page, 800, 600, 3),
        },
      },
    });
    expect(made.status()).toBe(201);
    const id = ((await made.json()) as { album: { id: number } }).album.id;
    const up = await request.post('/api/photos/upload', {
      headers,
      multipart: {
        albumId: String(id),
        images: {
          name: 'foto.jpg',
          mimeType: 'image/jpeg',
          buffer: await canvasJpeg(page, 900, 600, 12),
        },
      },
    });
    expect(up.status()).toBe(201);
    const photoId = ((await up.json()) as { uploaded: { id: number }[] }).uploaded[0]?.id ?? 0;
    albums[key] = { id, photoId };
  }
  await page.close();
  // The families see the photos as the scan leaves them, not blurred whole while it looks.
  await facesScanned(request);
  otherFamily = await createMember(request, E2E.firstAdminEmail, 'usuario', 'Familia de la Unidad');
  await createChild(request, E2E.firstAdminEmail, {
    fullName: `Carla Unidad ${stamp}`,
    birthDate: '2011-02-01',
    section: 'Unidad',
    guardians: [otherFamily.email],
  });
});

test('an admin adds two children and invites their family carrying both', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await login(page, E2E.firstAdminEmail);
  await page.goto('/admin/educandos');
  for (const [name, birth, section] of [
    [ana, '2015-06-15', 'Manada (8–11)'],
    [bruno, '2013-02-01', 'Tropa (11–14)'],
  ] as const) {
    await page.getByRole('button', { name: 'Añadir educando' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo educando' });
    await dialog.getByLabel('Nombre completo').fill(name);
    await dialog.getByLabel('Fecha de nacimiento').fill(birth);
    await dialog.getByLabel('Sección').selectOption({ label: section });
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Educando añadido.')).toBeVisible();
    await expect(dialog).toBeHidden();
  }

  // "Invitar a la familia" from Ana's row brings her to the invite form; Bruno is added there.
  await page.getByLabel('Buscar por nombre').fill(ana);
  await page.getByRole('link', { name: `Invitar a la familia de ${ana}` }).click();
  await expect(page).toHaveURL(/\/admin\/invitations\?educando=\d+$/);
  const chosen = page.getByRole('list', { name: 'Educandos elegidos' });
  await expect(chosen.getByText(ana)).toBeVisible();
  const picker = page.getByRole('combobox', { name: 'Invitar a la familia de… (opcional)' });
  await picker.fill(`bruno tropero rios ${stamp}`);
  await page.getByRole('option', { name: new RegExp(bruno) }).click();
  await expect(chosen.getByRole('listitem')).toHaveCount(2);
  await page.getByLabel('Emails (uno por línea)').fill(familyEmail);
  await page.getByRole('button', { name: 'Enviar Invitaciones' }).click();
  await expect(page.getByText('Se envió 1 invitación.')).toBeVisible();

  // The family registers from the e-mail, already linked to both.
  const link = await waitForMailLink(
    familyEmail,
    /https?:\/\/\S+\/register\?invitation=[A-Za-z0-9_-]+/,
  );
  const context = await browser.newContext();
  const family = await context.newPage();
  await family.goto(pathOf(link));
  await family.getByLabel('Tu Nombre').fill('Familia Ríos');
  await family.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await family.getByLabel('Confirmar Contraseña').fill(PASSWORD);
  await family.getByRole('button', { name: /registr/i }).click();
  await expect(family.getByText('¡Registro completado!')).toBeVisible();
  await login(family, familyEmail);
  await family.goto('/profile/edit');
  const mine = family.getByTestId('my-children');
  await expect(mine.getByRole('listitem')).toHaveCount(2);
  await expect(mine.getByRole('listitem').filter({ hasText: ana })).toContainText('Manada');
  await expect(mine.getByRole('listitem').filter({ hasText: bruno })).toContainText('Tropa');
  await context.close();
});

test("the family sees exactly its two sections' albums and the whole group's", async ({ page }) => {
  await login(page, familyEmail);
  expect(await galleryTitles(page)).toEqual([titles.Manada, titles.Tropa, titles.whole].sort());
  await shoot(page, 'family-albums-gallery');
  await expectAccessible(page, 'la galería de una familia con dos secciones');
  await page.getByRole('link', { name: titles.Manada, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: titles.Manada })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Para: Manada' })).toBeVisible();
});

test('a family of another section gets the 404 of a missing album by every route', async ({
  page,
  request,
}) => {
  const headers = await bearer(request, otherFamily.email);
  await login(page, otherFamily.email);
  expect(await galleryTitles(page)).toEqual([titles.Unidad, titles.whole].sort());

  const missingAlbum = await request.get('/api/albums/999999', { headers });
  const missingPhoto = await request.get('/api/photos/999999', { headers });
  expect(missingAlbum.status()).toBe(404);
  expect(missingPhoto.status()).toBe(404);
  for (const key of ['Manada', 'Tropa'] as const) {
    const { id, photoId } = albums[key];
    const asMissingAlbum = [
      await request.get(`/api/albums/${id}`, { headers }),
      await request.get(`/api/photos/album/${id}`, { headers }),
      await request.post(`/api/albums/${id}/download-link`, { headers }),
      await request.get(`/api/albums/${id}/download`, { headers }),
    ];
    for (const res of asMissingAlbum) {
      expect(res.status(), res.url()).toBe(404);
      expect(await res.text(), res.url()).toBe(await missingAlbum.text());
    }
    const asMissingPhoto = [
      await request.get(`/api/photos/${photoId}`, { headers }),
      await request.post(`/api/photos/${photoId}/like`, { headers }),
      await request.get(`/api/photos/${photoId}/comments`, { headers }),
      await request.post(`/api/photos/${photoId}/comments`, {
        headers,
        data: { comment_text: 'Hola' },
      }),
    ];
    for (const res of asMissingPhoto) {
      expect(res.status(), res.url()).toBe(404);
      expect(await res.text(), res.url()).toBe(await missingPhoto.text());
    }
    const removal = await request.post(`/api/photos/${photoId}/removal-request`, {
      headers,
      data: { reason: 'No' },
    });
    expect(removal.status()).toBe(404);
    expect(await removal.text()).not.toContain(titles[key]);
    await page.goto(`/album/${id}`);
    await expect(page.getByRole('heading', { name: 'Álbum no encontrado' })).toBeVisible();
    await expect(page.getByText(titles[key])).toHaveCount(0);
  }
  await shoot(page, 'family-albums-not-found');
});

test("the paso de sección moves Ana to the Tropa, and the family's view follows", async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  // A link to a Manada photo the family was handed before the move.
  const before = await request.get(`/api/photos/${albums.Manada.photoId}`, {
    headers: await bearer(request, familyEmail),
  });
  expect(before.status()).toBe(200);
  const { thumb_url: thumb } = (await before.json()) as { thumb_url: string };
  expect((await request.get(thumb)).status()).toBe(200);

  await login(page, E2E.firstAdminEmail);
  await page.goto('/admin/paso-de-seccion');
  await page.getByLabel('Edad calculada a fecha de').fill('2026-09-01');
  const row = page.getByRole('row').filter({ hasText: ana });
  await expect(row.getByText('11 años')).toBeVisible();
  await expect(row.getByLabel(`Nueva sección de ${ana}`)).toHaveValue(/\d+/);
  await expect(page.getByRole('row').filter({ hasText: bruno })).toHaveCount(0);
  await page.getByRole('button', { name: 'Aplicar paso de sección' }).click();
  await page
    .getByRole('dialog', { name: '¿Aplicar el paso de sección?' })
    .getByRole('button', { name: 'Aplicar' })
    .click();
  await expect(page.getByText(/^Paso de sección aplicado/)).toBeVisible();

  const headers = await bearer(request, familyEmail);
  await login(page, familyEmail);
  expect(await galleryTitles(page)).toEqual([titles.Tropa, titles.whole].sort());
  expect((await request.get(`/api/albums/${albums.Manada.id}`, { headers })).status()).toBe(404);
  expect((await request.get(thumb)).status()).toBe(404);
  await page.goto('/profile/edit');
  const mine = page.getByTestId('my-children');
  await expect(mine.getByRole('listitem').filter({ hasText: ana })).toContainText('Tropa');
});
