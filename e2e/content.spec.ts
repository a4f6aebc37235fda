import type { APIRequestContext, Page } from '@playwright/test';
import {
  canvasJpeg,
  createMember,
  firstAdminToken,
  login,
  PASSWORD,
  PNG_1PX,
} from './support/app.js';
import { E2E } from './support/env.js';
import { expect, test } from './support/fixtures.js';
import { shoot, takingShots, withoutPageData } from './support/shots.js';

// News and experiences through their screens. Other specs share this server and database, so
// each test makes what it needs through the API and looks only at its own items.
test.describe.configure({ mode: 'serial' });

let adminToken: string;
let scouter: { email: string; name: string };
let usuario: { email: string; name: string };
const stamp = Date.now();
const png = { name: 'foto.png', mimeType: 'image/png', buffer: PNG_1PX };
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

type Category = 'ruta' | 'campamento' | 'zona';

async function createNews(request: APIRequestContext, title: string, content: string) {
  const res = await request.post('/api/news', {
    headers: auth(adminToken),
    multipart: { title, description: `Resumen de «${title}».`, content, image: png },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { news: { id: number } }).news.id;
}

async function createExperience(request: APIRequestContext, title: string, category: Category) {
  const res = await request.post('/api/experiences', {
    headers: auth(adminToken),
    multipart: { title, description: `Cómo fue «${title}».`, category, image: png },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { experience: { id: number } }).experience.id;
}

async function deleteExperience(request: APIRequestContext, id: number) {
  const res = await request.delete(`/api/experiences/${id}`, { headers: auth(adminToken) });
  expect(res.status()).toBe(200);
}

/** Holds every GET of `url` unanswered while a screenshot of the loading state is taken. */
async function shootLoading(page: Page, url: string, path: string, shot: string, testId: string) {
  if (!takingShots) return;
  await withoutPageData(page);
  await page.route(url, () => {});
  await page.goto(path);
  await expect(page.getByTestId(testId).first()).toBeVisible();
  await shoot(page, shot);
  await page.unroute(url);
}

/** An empty answer for a screenshot of the empty state (other specs' items may be listed). */
async function shootEmpty(page: Page, url: string, path: string, shot: string, text: string) {
  if (!takingShots) return;
  await withoutPageData(page);
  await page.route(url, (route) => route.fulfill({ json: [] }));
  await page.goto(path);
  await expect(page.getByText(text)).toBeVisible();
  await shoot(page, shot);
  await page.unroute(url);
}

const card = (page: Page, title: string) =>
  page.getByRole('article').filter({ has: page.getByRole('link', { name: title, exact: true }) });

test.beforeAll(async ({ request }) => {
  adminToken = await firstAdminToken(request);
  scouter = await createMember(request, E2E.firstAdminEmail, 'scouter', 'Pablo Noticias');
  usuario = await createMember(request, E2E.firstAdminEmail, 'usuario', 'Iker Experiencias');
});

test('a scouter creates, edits and deletes a news item through the screens', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const title = `Salida a la nieve ${stamp}`;
  const renamed = `Salida a la nieve en Navacerrada ${stamp}`;
  await login(page, scouter.email);
  await shootLoading(page, '**/api/news', '/news', 'news-list-loading', 'skeleton-card');
  await shootEmpty(
    page,
    '**/api/news',
    '/news',
    'news-list-empty-manager',
    'No hay noticias para mostrar. ¡Crea la primera!',
  );
  await page.goto('/news');
  await expect(page.getByRole('heading', { level: 1, name: 'Noticias' })).toBeVisible();

  // Create: the image is required; the summary is shown in the card.
  await page.getByRole('button', { name: 'Crear nueva noticia' }).click();
  const create = page.getByRole('dialog', { name: 'Crear Nueva Noticia' });
  const publish = create.getByRole('button', { name: 'Publicar Noticia' });
  await expect(publish).toBeDisabled();
  await create.getByLabel('Título').fill(title);
  await create.getByLabel('Resumen').fill('Un día de trineos y muñecos de nieve.');
  await create
    .getByLabel('Contenido')
    .fill('Salimos a las 8 desde el local.\nVolvemos a las 19.\n\n<b>Traed guantes.</b>');
  await publish.click();
  await expect(create.getByRole('alert')).toHaveText('Error: La imagen es obligatoria.');
  await create.getByLabel('Imagen').setInputFiles({
    name: 'nieve.jpg',
    mimeType: 'image/jpeg',
    buffer: await canvasJpeg(page, 1600, 900, 5),
  });
  await expect(create.getByRole('img', { name: 'Nueva imagen' })).toBeVisible();
  await shoot(page, 'news-create-modal');
  await publish.click();
  await expect(create.getByText('Noticia creada con éxito.')).toBeVisible();
  await expect(create).toBeHidden();
  const created = card(page, title);
  await expect(created).toBeVisible();
  await expect(created.getByText('Un día de trineos y muñecos de nieve.')).toBeVisible();
  await expect(created.locator('img.media-box-image')).toHaveAttribute('src', /^\/media\//);
  await shoot(page, 'news-list-manager');

  // The detail: the content as written, never as HTML.
  await created.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/news\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const content = page.getByText('Salimos a las 8 desde el local.');
  await expect(content).toContainText('<b>Traed guantes.</b>');
  await expect(content.locator('b')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Comentarios (0)' })).toBeVisible();
  await expect(page.getByRole('img', { name: title })).toHaveAttribute('src', /^\/media\//);

  // Edit the title from the detail.
  await page.getByRole('button', { name: 'Editar' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar Noticia' });
  const save = edit.getByRole('button', { name: 'Guardar Cambios' });
  await expect(save).toBeDisabled();
  await edit.getByLabel('Título').fill(renamed);
  await shoot(page, 'news-edit-modal');
  await save.click();
  await expect(edit.getByText('Noticia actualizada con éxito.')).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  await shoot(page, 'news-detail-manager');

  // Delete from the detail: back on /news without it.
  await page.getByRole('button', { name: 'Borrar' }).click();
  const confirm = page.getByRole('dialog', { name: 'Eliminar noticia' });
  await expect(confirm.getByText('Esta acción no se puede deshacer.')).toBeVisible();
  await shoot(page, 'news-delete-confirm');
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page).toHaveURL(`${E2E.baseURL}/news`);
  await expect(page.getByText('Noticia eliminada.')).toBeVisible();
  await expect(card(page, renamed)).toHaveCount(0);

  // And one more from its card on the list.
  const doomed = `Noticia de prueba ${stamp}`;
  await createNews(request, doomed, 'Para borrar.');
  await page.reload();
  await card(page, doomed).getByRole('button', { name: 'Eliminar noticia' }).click();
  await page
    .getByRole('dialog', { name: 'Eliminar noticia' })
    .getByRole('button', { name: 'Eliminar' })
    .click();
  await expect(page.getByText('Noticia eliminada.')).toBeVisible();
  await expect(card(page, doomed)).toHaveCount(0);
});

test('an anonymous visitor reads a news item; the comment link leads to /login and back', async ({
  page,
  request,
}) => {
  const title = `Campamento de verano ${stamp}`;
  const id = await createNews(request, title, 'Del 1 al 15 de julio.\nEn los Pirineos.');
  await page.goto('/news');
  const item = card(page, title);
  await expect(item).toBeVisible();
  await expect(page.getByRole('button', { name: 'Crear nueva noticia' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Eliminar noticia' })).toHaveCount(0);
  await expect(item.getByText('0 comentarios')).toBeAttached();
  await shoot(page, 'news-list-anonymous');

  await item.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(`${E2E.baseURL}/news/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(`Resumen de «${title}».`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Editar' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Borrar' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Escribe un comentario' })).toHaveCount(0);
  await shoot(page, 'news-detail-anonymous');

  // Liking asks to sign in.
  await page.getByRole('button', { name: 'Me gusta: 0' }).click();
  await expect(page.getByText("Necesitas iniciar sesión para dar 'Me gusta'.")).toBeVisible();

  await page.getByRole('link', { name: 'Debes iniciar sesión para comentar.' }).click();
  await expect(page).toHaveURL(`${E2E.baseURL}/login`);
  await page.getByLabel('Email').fill(usuario.email);
  await page.getByLabel('Contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page).toHaveURL(`${E2E.baseURL}/news/${id}`);
  await expect(page.getByRole('textbox', { name: 'Escribe un comentario' })).toBeVisible();

  // Invalid and unknown ids.
  await page.goto('/news/abc');
  await expect(page.getByText('ID de noticia no válido o no proporcionado.')).toBeVisible();
  await page.goto('/news/999999');
  await expect(page.getByRole('heading', { name: 'Noticia no encontrada' })).toBeVisible();
  await expect(page.getByText('La noticia no existe o no pudo ser cargada.')).toBeVisible();
  await shoot(page, 'news-detail-not-found');
});

test('the experience filter shows each category, and says when one is empty', async ({
  page,
  request,
}) => {
  const route = `Ruta al Peñalara ${stamp}`;
  const camp = `Campamento en Gredos ${stamp}`;
  const zone = `Zona de acampada de Riaza ${stamp}`;
  await createExperience(request, route, 'ruta');
  await createExperience(request, camp, 'campamento');
  const zoneId = await createExperience(request, zone, 'zona');

  await shootLoading(
    page,
    '**/api/experiences',
    '/experiences',
    'experiences-loading',
    'skeleton-card',
  );
  await page.goto('/experiences');
  await expect(page.getByRole('heading', { level: 1, name: 'Experiencias' })).toBeVisible();
  const filter = page.getByRole('group', { name: 'Filtrar por categoría' });
  const mine = [route, camp, zone];
  const shown = async (expected: string[]) => {
    for (const title of mine) {
      await expect(card(page, title)).toHaveCount(expected.includes(title) ? 1 : 0);
    }
  };
  await expect(filter.getByRole('button', { name: 'Todas' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await shown(mine);
  await shoot(page, 'experiences-all');

  await filter.getByRole('button', { name: 'Rutas' }).click();
  await expect(filter.getByRole('button', { name: 'Rutas' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await shown([route]);
  await expect(page.getByRole('article').getByText('Campamentos', { exact: true })).toHaveCount(0);
  await filter.getByRole('button', { name: 'Campamentos' }).click();
  await shown([camp]);
  await filter.getByRole('button', { name: 'Zonas de acampada' }).click();
  await shown([zone]);
  // The filter lives in the address: a reload keeps it.
  await expect(page).toHaveURL(`${E2E.baseURL}/experiences?categoria=zona`);
  await page.reload();
  await shown([zone]);

  // Without any camping area the category says it has none.
  await deleteExperience(request, zoneId);
  const left = (await (await request.get('/api/experiences')).json()) as { category: string }[];
  expect(left.filter((e) => e.category === 'zona')).toEqual([]);
  await page.reload();
  await expect(
    page.getByText('No hay experiencias para mostrar en la categoría seleccionada'),
  ).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);
  await shoot(page, 'experiences-empty-category');
  await filter.getByRole('button', { name: 'Todas' }).click();
  await expect(page).toHaveURL(`${E2E.baseURL}/experiences`);
  await shown([route, camp]);
});

test('a usuario comments on an experience: the count moves by one each way', async ({
  page,
  request,
}) => {
  const title = `Travesía de la Pedriza ${stamp}`;
  const id = await createExperience(request, title, 'ruta');
  await login(page, usuario.email);
  await page.goto('/experiences');
  await expect(page.getByRole('button', { name: 'Crear nueva experiencia' })).toHaveCount(0);
  await card(page, title).getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(`${E2E.baseURL}/experience/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Categoría: Rutas')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Editar' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Comentarios (0)' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Escribe un comentario' }).fill('¡Qué vistas!');
  await page.getByRole('button', { name: 'Comentar' }).click();
  await expect(page.getByRole('heading', { name: 'Comentarios (1)' })).toBeVisible();
  const items = page.getByRole('list', { name: 'Lista de comentarios' }).getByRole('listitem');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText(usuario.name);
  await expect(items.first()).toContainText('¡Qué vistas!');
  await page.getByRole('button', { name: 'Me gusta: 0' }).click();
  await expect(page.getByRole('button', { name: 'Quitar me gusta: 1' })).toBeVisible();
  await shoot(page, 'experience-detail-usuario');

  await items.first().getByRole('button', { name: 'Eliminar comentario' }).click();
  await page
    .getByRole('dialog', { name: 'Eliminar comentario' })
    .getByRole('button', { name: 'Eliminar' })
    .click();
  await expect(page.getByRole('heading', { name: 'Comentarios (0)' })).toBeVisible();
  await expect(page.getByText('¡Qué vistas!')).toHaveCount(0);

  // The server agrees, and the list shows the like.
  const res = await request.get(`/api/experiences/${id}`);
  expect(((await res.json()) as { comments_count: number }).comments_count).toBe(0);
  await page.getByRole('link', { name: 'Volver a las experiencias' }).click();
  await expect(card(page, title).getByText('1 me gusta')).toBeAttached();
});

test('an admin edits and deletes an experience from its page; a scouter creates one', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const title = `Campamento de Pascua ${stamp}`;
  const id = await createExperience(request, title, 'campamento');
  await shootLoading(
    page,
    `**/api/experiences/${id}`,
    `/experience/${id}`,
    'experience-detail-loading',
    'experience-skeleton',
  );

  // A scouter manages in the list but not on the detail page (the product's rule).
  await login(page, scouter.email);
  await page.goto(`/experience/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Editar' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Borrar' })).toHaveCount(0);
  await page.goto('/experiences');
  await expect(
    card(page, title).getByRole('button', { name: 'Eliminar experiencia' }),
  ).toBeVisible();
  const created = `Ruta de las Cárcavas ${stamp}`;
  await page.getByRole('button', { name: 'Crear nueva experiencia' }).click();
  const create = page.getByRole('dialog', { name: 'Crear Nueva Experiencia' });
  await expect(create.getByLabel('Categoría')).toHaveValue('ruta');
  await create.getByLabel('Título').fill(created);
  await create.getByLabel('Descripción').fill('Un paseo fácil entre cárcavas de arcilla.');
  await create.getByRole('button', { name: 'Crear Experiencia' }).click();
  await expect(create.getByRole('alert')).toHaveText('La imagen de la experiencia es obligatoria.');
  await create.getByLabel('Imagen').setInputFiles({
    name: 'carcavas.jpg',
    mimeType: 'image/jpeg',
    buffer: await canvasJpeg(page, 1200, 900, 9),
  });
  await shoot(page, 'experience-create-modal');
  await create.getByRole('button', { name: 'Crear Experiencia' }).click();
  await expect(create.getByText('Experiencia creada con éxito.')).toBeVisible();
  await expect(create).toBeHidden();
  await expect(card(page, created)).toBeVisible();
  await expect(card(page, created).getByText('Rutas', { exact: true })).toBeVisible();
  await shoot(page, 'experiences-manager');

  // The admin edits the category and deletes, from the detail page.
  await page.evaluate(() => localStorage.clear());
  await login(page, E2E.firstAdminEmail);
  await page.goto(`/experience/${id}`);
  await page.getByRole('button', { name: 'Editar' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar Experiencia' });
  await expect(edit.getByLabel('Categoría')).toHaveValue('campamento');
  await edit.getByLabel('Categoría').selectOption({ label: 'Zonas de acampada' });
  await shoot(page, 'experience-edit-modal');
  await edit.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(edit.getByText('Experiencia actualizada con éxito.')).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(page.getByText('Categoría: Zonas de acampada')).toBeVisible();
  await shoot(page, 'experience-detail-admin');
  await page.getByRole('button', { name: 'Borrar' }).click();
  await page
    .getByRole('dialog', { name: 'Eliminar experiencia' })
    .getByRole('button', { name: 'Eliminar' })
    .click();
  await expect(page).toHaveURL(`${E2E.baseURL}/experiences`);
  await expect(page.getByText('Experiencia eliminada.')).toBeVisible();
  await expect(card(page, title)).toHaveCount(0);
  expect((await request.get(`/api/experiences/${id}`)).status()).toBe(404);

  await page.goto(`/experience/${id}`);
  await expect(page.getByRole('heading', { name: 'Experiencia no encontrada' })).toBeVisible();
  await expect(
    page.getByText('La experiencia solicitada no existe o no pudo ser cargada.'),
  ).toBeVisible();
  await page.goto('/experience/0');
  await expect(page.getByText('ID de experiencia no válido o no proporcionado.')).toBeVisible();
  // Leave no experience of this test behind.
  const list = (await (await request.get('/api/experiences')).json()) as {
    id: number;
    title: string;
  }[];
  await deleteExperience(request, list.find((e) => e.title === created)!.id);
});
