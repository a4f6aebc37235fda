import type { Page } from '@playwright/test';
import { expectAccessible } from './support/a11y.js';
import { bearer, canvasJpeg, createMember, firstAdminToken, login } from './support/app.js';
import { E2E } from './support/env.js';
import { expect, test } from './support/fixtures.js';
import { pathOf, waitForMailLink } from './support/mail.js';
import { shoot } from './support/shots.js';

// Decision 018: drafts until published, and hide on request.
test.describe.configure({ mode: 'serial' });

let scouter: { email: string; name: string };
let asker: { email: string; name: string };
let other: { email: string; name: string };
const stamp = Date.now();

/** An album made through the API by the scouter, with `photos` photos uploaded into it. */
async function albumWithPhotos(page: Page, title: string, publish: boolean, photos: number) {
  const headers = await bearer(page.request, scouter.email);
  const cover = await canvasJpeg(page, 800, 600, 11);
  const res = await page.request.post('/api/albums/newAlbum', {
    headers,
    multipart: {
      title,
      publish: String(publish),
      cover: { name: 'portada.jpg', mimeType: 'image/jpeg', buffer: cover },
    },
  });
  expect(res.status()).toBe(201);
  const album = ((await res.json()) as { album: { id: number } }).album;
  for (let i = 0; i < photos; i += 1) {
    const image = await canvasJpeg(page, 900, 600, 20 + i);
    const up = await page.request.post('/api/photos/upload', {
      headers,
      multipart: {
        albumId: String(album.id),
        images: { name: `foto-${i}.jpg`, mimeType: 'image/jpeg', buffer: image },
      },
    });
    expect(up.status()).toBe(201);
  }
  return album;
}

test.beforeAll(async ({ request }) => {
  await firstAdminToken(request);
  scouter = await createMember(request, E2E.firstAdminEmail, 'scouter', 'Lucía Revisora');
  asker = await createMember(request, E2E.firstAdminEmail, 'usuario', 'Marta Familia');
  other = await createMember(request, E2E.firstAdminEmail, 'usuario', 'Jon Familia');
});

test('a draft is invisible to a usuario by every route until a scouter publishes it', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const title = `Acampada en borrador ${stamp}`;
  await login(page, scouter.email);
  await page.goto('/gallery');
  await page.getByRole('button', { name: 'Crear nuevo álbum' }).click();
  const create = page.getByRole('dialog', { name: 'Crear Nuevo Álbum' });
  const publishNow = create.getByLabel('Publicar ahora');
  await expect(publishNow).toBeChecked();
  await create.getByLabel('Título').fill(title);
  await create.getByLabel('Imagen de portada').setInputFiles({
    name: 'portada.jpg',
    mimeType: 'image/jpeg',
    buffer: await canvasJpeg(page, 1000, 700, 5),
  });
  await publishNow.uncheck();
  await expect(create.getByText('queda como borrador')).toBeVisible();
  await expectAccessible(page, 'Crear Nuevo Álbum con «Publicar ahora»');
  await shoot(page, 'safeguarding-create-draft');
  await create.getByRole('button', { name: 'Crear Álbum' }).click();
  await expect(create).toBeHidden();
  const card = page
    .locator('.card')
    .filter({ has: page.getByRole('link', { name: title, exact: true }) });
  await expect(card.getByText('Borrador — solo lo ven los scouters')).toBeVisible();
  await card.getByRole('link', { name: title, exact: true }).click();
  await expect(page).toHaveURL(/\/album\/\d+$/);
  const albumId = Number(page.url().split('/').pop());
  // The address changes first; the gallery (with other drafts' badges) stays until the album
  // page has loaded, so wait for the album's own bar before reading its badge.
  await expect(page.getByRole('button', { name: 'Publicar', exact: true })).toBeVisible();
  await expect(page.getByText('Borrador — solo lo ven los scouters')).toBeVisible();

  // A photo in the draft, and the usuario's view of it: nothing, by any route.
  const headers = await bearer(page.request, scouter.email);
  const up = await page.request.post('/api/photos/upload', {
    headers,
    multipart: {
      albumId: String(albumId),
      images: { name: 'f.jpg', mimeType: 'image/jpeg', buffer: await canvasJpeg(page, 600, 400) },
    },
  });
  expect(up.status()).toBe(201);
  const photo = ((await up.json()) as { uploaded: { id: number; thumb_url: string }[] })
    .uploaded[0]!;
  const member = await browser.newPage();
  await login(member, other.email);
  await member.goto('/gallery');
  await expect(member.getByRole('heading', { name: 'Álbumes de Fotos' })).toBeVisible();
  await expect(member.getByRole('link', { name: title })).toHaveCount(0);
  await member.goto(`/album/${albumId}`);
  await expect(member.getByRole('heading', { name: 'Álbum no encontrado' })).toBeVisible();
  const memberHeaders = await bearer(member.request, other.email);
  for (const path of [
    `/api/albums/${albumId}`,
    `/api/photos/album/${albumId}`,
    `/api/photos/${photo.id}`,
    `/api/photos/${photo.id}/comments`,
  ]) {
    expect((await member.request.get(path, { headers: memberHeaders })).status(), path).toBe(404);
  }
  // The manager's own link opens; stripped of its scope (decision 055) it is a broken link, not a
  // hint.
  expect(photo.thumb_url).toMatch(/&scope=u\d+&/);
  expect((await page.request.get(photo.thumb_url)).status()).toBe(200);
  const unscoped = photo.thumb_url.replace(/&scope=u\d+/, '');
  expect((await member.request.get(unscoped)).status()).toBe(403);

  // Publish, with a confirmation: the usuario sees it at once.
  await page.reload();
  await page.getByRole('button', { name: 'Publicar', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Publicar álbum' });
  await expect(dialog.getByText('todos los miembros del grupo verán el álbum')).toBeVisible();
  await expectAccessible(page, 'la confirmación de Publicar');
  await shoot(page, 'safeguarding-publish-confirm');
  await dialog.getByRole('button', { name: 'Publicar' }).click();
  await expect(page.getByText('Álbum publicado: ya lo ven todos los miembros.')).toBeVisible();
  await expect(page.getByText('Borrador — solo lo ven los scouters')).toHaveCount(0);
  await shoot(page, 'safeguarding-album-published');
  await member.goto('/gallery');
  await expect(member.getByRole('link', { name: title, exact: true })).toBeVisible();
  await member.goto(`/album/${albumId}`);
  await expect(member.getByRole('heading', { name: title })).toBeVisible();
  await expect(member.locator('img.media-box-image').first()).toBeVisible();
  await member.close();
});

test('a usuario asks to hide a photo: it vanishes for another usuario at once, the admin resolves it', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const title = `Excursión al río ${stamp}`;
  const album = await albumWithPhotos(page, title, true, 2);

  // Another usuario has the album open, with links to both photos.
  const second = await browser.newPage();
  await login(second, other.email);
  const otherHeaders = await bearer(second.request, other.email);
  const before = (await (
    await second.request.get(`/api/photos/album/${album.id}`, { headers: otherHeaders })
  ).json()) as { id: number; thumb_url: string }[];
  expect(before).toHaveLength(2);

  await login(page, asker.email);
  await page.goto(`/album/${album.id}`);
  await page.getByRole('button', { name: 'Ver foto 1' }).click();
  const detail = page.getByRole('dialog', { name: 'Detalle de Foto' });
  await detail.getByRole('button', { name: 'Pedir que se retire esta foto' }).click();
  const ask = page.getByRole('dialog', { name: 'Pedir que se retire esta foto' });
  await expect(ask.getByText('La foto dejará de verse en el acto')).toBeVisible();
  await ask.getByLabel('Motivo (opcional)').fill('Sale mi hija y preferimos que no esté.');
  await expectAccessible(page, 'Pedir que se retire esta foto');
  await shoot(page, 'safeguarding-request-confirm');
  await ask.getByRole('button', { name: 'Pedir que se retire' }).click();
  await expect(
    detail.getByText('Has pedido retirar esta foto. El equipo la revisará.'),
  ).toBeVisible();
  await shoot(page, 'safeguarding-request-done');
  await detail.getByRole('button', { name: 'Cerrar' }).click();
  await expect(page.getByTestId('my-hidden-photos')).toContainText(
    'Has pedido retirar esta foto. El equipo la revisará.',
  );
  await expect(page.locator('img.media-box-image')).toHaveCount(1);
  await shoot(page, 'safeguarding-album-requester');

  // Gone for the other usuario: list, photo, and the link they already had.
  const after = (await (
    await second.request.get(`/api/photos/album/${album.id}`, { headers: otherHeaders })
  ).json()) as { id: number }[];
  expect(after).toHaveLength(1);
  const hidden = before.find((p) => !after.some((a) => a.id === p.id))!;
  expect((await second.request.get(hidden.thumb_url)).status()).toBe(404);
  await second.goto(`/album/${album.id}`);
  await expect(second.getByRole('heading', { name: title })).toBeVisible();
  await expect(second.locator('img.media-box-image')).toHaveCount(1);
  await second.close();

  // The admin gets the mail, opens 'Solicitudes de retirada' and shows the photo again.
  const link = await waitForMailLink(
    E2E.firstAdminEmail,
    /https?:\/\/\S+\/admin\/removal-requests/,
  );
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await login(page, E2E.firstAdminEmail);
  await page.goto(pathOf(link));
  await expect(page.getByRole('heading', { name: 'Solicitudes de retirada' })).toBeVisible();
  const card = page.locator('[data-testid^="removal-request-"]').filter({ hasText: title }).first();
  await expect(card).toContainText('Marta Familia');
  await expect(card).toContainText('Sale mi hija y preferimos que no esté.');
  await expect(card.getByRole('img')).toBeVisible();
  await expectAccessible(page, 'Solicitudes de retirada');
  await shoot(page, 'safeguarding-admin-requests');
  await card.getByLabel(/Nota para quien pidió/).fill('No se reconoce a nadie en la foto.');
  await card.getByRole('button', { name: 'Volver a mostrar' }).click();
  await page
    .getByRole('dialog', { name: 'Volver a mostrar la foto' })
    .getByRole('button', {
      name: 'Volver a mostrar',
    })
    .click();
  await expect(
    page.getByText('La foto vuelve a estar visible para todos los miembros.'),
  ).toBeVisible();
  await shoot(page, 'safeguarding-admin-resolved');

  // The requester sees how it ended, with the note.
  await page.evaluate(() => localStorage.clear());
  await login(page, asker.email);
  await page.goto('/profile/edit');
  const mine = page.getByTestId('my-removal-requests');
  await expect(mine).toContainText('Resuelta: la foto vuelve a verse');
  await expect(mine).toContainText('No se reconoce a nadie en la foto.');
  await expectAccessible(page, 'Mis solicitudes de retirada');
  await shoot(page, 'safeguarding-profile-requests');
});
