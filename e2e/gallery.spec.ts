import type { APIRequestContext, Page, Request } from '@playwright/test';
import {
  apiToken,
  canvasJpeg,
  createMember,
  firstAdminToken,
  login,
  PASSWORD,
} from './support/app.js';
import { E2E } from './support/env.js';
import { expect, test } from './support/fixtures.js';
import { shoot } from './support/shots.js';

// One story on one server: a scouter builds an album, a usuario likes and comments on it.
test.describe.configure({ mode: 'serial' });

let scouter: { email: string; name: string };
let usuario: { email: string; name: string };
const stamp = Date.now();
const albumTitle = `Campamento de verano ${stamp}`;
const renamed = `Campamento de verano en Irati ${stamp}`;

/** Every URL the context asks for, page and workers alike. */
function recordRequests(page: Page) {
  const urls: string[] = [];
  page.context().on('request', (r: Request) => urls.push(r.url()));
  return urls;
}

/** Whether a URL stays on this machine: the app's origin, or inline data. */
const local = (url: string) =>
  url.startsWith(`${E2E.baseURL}/`) || url.startsWith('data:') || url.startsWith('blob:');

async function authGet<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const res = await request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()) as T;
}

const albumCard = (page: Page, title: string) =>
  page.locator('.card').filter({ has: page.getByRole('link', { name: title, exact: true }) });

test.beforeAll(async ({ request }) => {
  await firstAdminToken(request);
  scouter = await createMember(request, E2E.firstAdminEmail, 'scouter', 'Pablo Galería');
  usuario = await createMember(request, E2E.firstAdminEmail, 'usuario', 'Iker Galería');
});

test('a scouter creates an album, uploads 3 photos compressed in the page, edits and deletes', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const urls = recordRequests(page);
  await login(page, scouter.email);
  await page.goto('/gallery');
  await expect(page.getByRole('heading', { name: 'Álbumes de Fotos' })).toBeVisible();

  // Create, with a cover.
  const cover = await canvasJpeg(page, 1200, 800, 3);
  await page.getByRole('button', { name: 'Crear nuevo álbum' }).click();
  const create = page.getByRole('dialog', { name: 'Crear Nuevo Álbum' });
  const submit = create.getByRole('button', { name: 'Crear Álbum' });
  await expect(submit).toBeDisabled();
  await create.getByLabel('Título').fill(albumTitle);
  await create.getByLabel('Descripción (opcional)').fill('Tres días en el bosque de Irati.');
  await create.getByLabel('Imagen de portada').setInputFiles({
    name: 'portada.jpg',
    mimeType: 'image/jpeg',
    buffer: cover,
  });
  // The picker speaks Spanish whatever the browser's language.
  await expect(create.getByText('Elegir imagen')).toBeVisible();
  await expect(create.getByText('portada.jpg')).toBeVisible();
  await shoot(page, 'gallery-create');
  await submit.click();
  await expect(create.getByText('Álbum creado con éxito.')).toBeVisible();
  await expect(create).toBeHidden();
  const card = albumCard(page, albumTitle);
  await expect(card).toBeVisible();
  await expect(card.locator('img.media-box-image')).toHaveAttribute('src', /^\/media\//);

  // Upload three photos: the browser shrinks them before they go.
  await card.getByRole('link', { name: albumTitle }).click();
  await expect(page.getByRole('heading', { name: albumTitle })).toBeVisible();
  await expect(
    page.getByText('Este álbum aún no tiene fotos. ¡Sube algunas con el botón +!'),
  ).toBeVisible();
  // Each well over the 1.5 MB target, so the browser must shrink every one.
  const originals = await Promise.all(
    [1, 2, 3].map((seed) => canvasJpeg(page, 2400, 1600, seed, 3)),
  );
  const target = 1.5 * 1024 * 1024;
  for (const o of originals) expect(o.length).toBeGreaterThan(target);
  await page.getByRole('button', { name: 'Subir fotos' }).click();
  const upload = page.getByRole('dialog', { name: 'Subir Fotos' });
  await upload
    .getByLabel('Fotos')
    .setInputFiles(
      originals.map((buffer, i) => ({ name: `foto-${i + 1}.jpg`, mimeType: 'image/jpeg', buffer })),
    );
  await expect(upload.getByText('3 imágenes seleccionadas')).toBeVisible();
  await expect(upload.getByText('3 archivos seleccionados')).toBeVisible();
  await shoot(page, 'gallery-upload');
  const sent = page.waitForRequest(
    (r) => r.url().endsWith('/api/photos/upload') && r.method() === 'POST',
  );
  await upload.getByRole('button', { name: 'Subir' }).click();
  await expect(upload.getByRole('button', { name: 'Subiendo...' })).toBeDisabled();
  // The server decodes and re-encodes each photo with sharp: a ceiling for a loaded machine
  // (CI's other passes, other processes), not a timing goal; `npm run bench` measures it.
  await expect(upload.getByText('Se subieron 3 fotos.')).toBeVisible({ timeout: 90_000 });
  // What went over the wire is smaller than what was chosen.
  // (Chromium does not expose a multipart body of files, but it states its length.)
  const sentBytes = Number((await (await sent).allHeaders())['content-length']);
  expect(sentBytes).toBeGreaterThan(0);
  expect(sentBytes).toBeLessThan(3 * target + 4096);
  await expect(upload).toBeHidden();
  await expect(page.getByRole('button', { name: /^Ver foto \d/ })).toHaveCount(3);
  const thumbs = page.locator('img.media-box-image');
  await expect(thumbs).toHaveCount(3);
  await shoot(page, 'gallery-album');
  for (const src of await thumbs.evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')))) {
    expect(src).toMatch(/^\/media\//);
  }
  // The compression worker loaded its library from us.
  expect(urls.some((u) => /\/assets\/browser-image-compression-[\w-]+\.js$/.test(u))).toBe(true);

  // Edit the album's title.
  await page.getByRole('link', { name: 'Volver a la galería' }).click();
  await albumCard(page, albumTitle).getByRole('button', { name: 'Editar álbum' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar Álbum' });
  const save = edit.getByRole('button', { name: 'Guardar Cambios' });
  await expect(save).toBeDisabled();
  await edit.getByLabel('Título').fill(renamed);
  await save.click();
  await expect(edit.getByText('Álbum actualizado con éxito.')).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(albumCard(page, renamed)).toBeVisible();

  // Create a second album and delete it.
  const doomed = `Álbum de prueba ${stamp}`;
  await page.getByRole('button', { name: 'Crear nuevo álbum' }).click();
  const again = page.getByRole('dialog', { name: 'Crear Nuevo Álbum' });
  await again.getByLabel('Título').fill(doomed);
  await again.getByLabel('Imagen de portada').setInputFiles({
    name: 'otra.jpg',
    mimeType: 'image/jpeg',
    buffer: cover,
  });
  await again.getByRole('button', { name: 'Crear Álbum' }).click();
  // As for the first album: the cover is shrunk in the page before it goes, which alone can take
  // seconds on a busy machine, so the closing 1.5 s after the message is waited for on its own.
  await expect(again.getByText('Álbum creado con éxito.')).toBeVisible();
  await expect(again).toBeHidden();
  await albumCard(page, doomed).getByRole('button', { name: 'Eliminar álbum' }).click();
  const confirm = page.getByRole('dialog', { name: 'Eliminar álbum' });
  await expect(confirm.getByText('Esta acción no se puede deshacer.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Álbum eliminado.')).toBeVisible();
  await expect(albumCard(page, doomed)).toHaveCount(0);
  await expect(albumCard(page, renamed)).toBeVisible();

  // Nothing left the machine: no CDN, no font, no script from elsewhere.
  expect(urls.length).toBeGreaterThan(0);
  expect(urls.filter((u) => !local(u))).toEqual([]);
});

test('a usuario sees no manager control, likes, comments, pages and deletes their own comment', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const urls = recordRequests(page);
  // Twelve comments by the scouter on the newest photo, seeded through the API.
  const scouterToken = await apiToken(request, scouter.email);
  const albums = await authGet<{ id: number; title: string }[]>(
    request,
    scouterToken,
    '/api/albums',
  );
  const album = albums.find((a) => a.title === renamed)!;
  const photos = await authGet<{ id: number }[]>(
    request,
    scouterToken,
    `/api/photos/album/${album.id}`,
  );
  expect(photos).toHaveLength(3);
  const target = photos[0]!.id;
  for (let i = 1; i <= 12; i++) {
    const res = await request.post(`/api/photos/${target}/comments`, {
      data: { comment_text: `Comentario sembrado ${String(i).padStart(2, '0')}` },
      headers: { Authorization: `Bearer ${scouterToken}` },
    });
    expect(res.status()).toBe(201);
  }

  await login(page, usuario.email);
  await page.goto('/gallery');
  const card = albumCard(page, renamed);
  await expect(card).toBeVisible();
  await expect(page.getByRole('button', { name: 'Crear nuevo álbum' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Editar álbum' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Eliminar álbum' })).toHaveCount(0);

  await card.getByRole('link', { name: renamed }).click();
  await expect(page.getByRole('heading', { name: renamed })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Subir fotos' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Eliminar foto' })).toHaveCount(0);

  // Like the first photo: the count moves and stays after a reload.
  const first = page.locator('.card').first();
  await expect(first.getByRole('button', { name: /^Me gusta:/ })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect(first.getByTestId('like-count')).toHaveText('0');
  await first.getByRole('button', { name: /^Me gusta:/ }).click();
  await expect(first.getByRole('button', { name: /^Quitar me gusta:/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(first.getByTestId('like-count')).toHaveText('1');
  await page.reload();
  const reloaded = page.locator('.card').first();
  await expect(reloaded.getByRole('button', { name: /^Quitar me gusta:/ })).toBeVisible();
  await expect(reloaded.getByTestId('like-count')).toHaveText('1');

  // The detail: 12 comments, five at a time.
  await reloaded.getByRole('button', { name: 'Ver 12 comentarios' }).click();
  const detail = page.getByRole('dialog', { name: 'Detalle de Foto' });
  await expect(detail.getByRole('heading', { name: 'Comentarios (12)' })).toBeVisible();
  const items = detail.getByRole('list', { name: 'Lista de comentarios' }).getByRole('listitem');
  await expect(items).toHaveCount(5);
  await expect(items.first()).toContainText('Comentario sembrado 12');
  await detail.getByRole('button', { name: 'Cargar más comentarios' }).click();
  await expect(items).toHaveCount(10);
  await expect(detail.getByText('No hay más comentarios.')).toHaveCount(0);
  await detail.getByRole('button', { name: 'Cargar más comentarios' }).click();
  await expect(items).toHaveCount(12);
  await expect(items.last()).toContainText('Comentario sembrado 01');
  await expect(detail.getByText('No hay más comentarios.')).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Cargar más comentarios' })).toHaveCount(0);
  // Nobody else's comment can be deleted by a usuario.
  await expect(detail.getByRole('button', { name: 'Eliminar comentario' })).toHaveCount(0);

  // Comment, then delete it.
  const box = detail.getByRole('textbox', { name: 'Escribe un comentario' });
  await box.fill('¡Qué recuerdos de Irati!');
  await expect(detail.getByText('24/500')).toBeVisible();
  await detail.getByRole('button', { name: 'Comentar' }).click();
  await expect(items.first()).toContainText('¡Qué recuerdos de Irati!');
  await expect(items.first()).toContainText(usuario.name);
  await expect(detail.getByRole('heading', { name: 'Comentarios (13)' })).toBeVisible();
  await items.first().getByRole('button', { name: 'Eliminar comentario' }).click();
  const confirm = page.getByRole('dialog', { name: 'Eliminar comentario' });
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(detail.getByText('¡Qué recuerdos de Irati!')).toHaveCount(0);
  await expect(detail.getByRole('heading', { name: 'Comentarios (12)' })).toBeVisible();

  // Closing the detail reloads the album's counts.
  await detail.getByRole('button', { name: 'Cerrar' }).click();
  await expect(detail).toBeHidden();
  await expect(page.getByRole('button', { name: 'Ver 12 comentarios' })).toBeVisible();
  expect(urls.filter((u) => !local(u))).toEqual([]);
});

test('an anonymous visitor of /gallery signs in and comes back to /gallery', async ({ page }) => {
  await page.goto('/gallery');
  await expect(page).toHaveURL(`${E2E.baseURL}/login`);
  await page.getByLabel('Email').fill(usuario.email);
  await page.getByLabel('Contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page).toHaveURL(`${E2E.baseURL}/gallery`);
  await expect(page.getByRole('heading', { name: 'Álbumes de Fotos' })).toBeVisible();
  await expect(albumCard(page, renamed)).toBeVisible();
});
