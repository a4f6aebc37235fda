import type { Page } from '@playwright/test';
import { expectAccessible } from './support/a11y.js';
import { canvasJpeg, createChild, createMember, firstAdminToken, login } from './support/app.js';
import { E2E } from './support/env.js';
import { expect, test } from './support/fixtures.js';
import { shoot } from './support/shots.js';

// Decisions 054–056: an album for the Tropa, seen by its families only.
test.describe.configure({ mode: 'serial' });

let tropaFamily: { email: string; name: string };
let manadaFamily: { email: string; name: string };
const stamp = Date.now();
const title = `Acampada de la Tropa ${stamp}`;
const wholeTitle = `Fiesta de todo el grupo ${stamp}`;
let albumPath = '';

const cardOf = (page: Page, name: string) =>
  page.locator('.card').filter({ has: page.getByRole('link', { name, exact: true }) });

test.beforeAll(async ({ browser, request }) => {
  const token = await firstAdminToken(request);
  // An album for the whole group beside it: every family sees that one, without a badge.
  const page = await browser.newPage();
  const cover = await canvasJpeg(page, 800, 600, 4);
  await page.close();
  const made = await request.post('/api/albums/newAlbum', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      title: wholeTitle,
      cover: { name: 'portada.jpg', mimeType: 'image/jpeg', buffer: cover },
    },
  });
  expect(made.status()).toBe(201);
  tropaFamily = await createMember(request, E2E.firstAdminEmail, 'usuario', 'Ana Familia Tropa');
  manadaFamily = await createMember(request, E2E.firstAdminEmail, 'usuario', 'Luis Familia Manada');
  await createChild(request, E2E.firstAdminEmail, {
    fullName: 'Nerea Tropa',
    birthDate: '2013-05-10',
    section: 'Tropa',
    guardians: [tropaFamily.email],
  });
  await createChild(request, E2E.firstAdminEmail, {
    fullName: 'Pablo Manada',
    birthDate: '2017-05-10',
    section: 'Manada',
    guardians: [manadaFamily.email],
  });
});

test('an admin gives a new album to the Tropa with the checkboxes', async ({ page }) => {
  await login(page, E2E.firstAdminEmail);
  await page.goto('/gallery');
  await page.getByRole('button', { name: 'Crear nuevo álbum' }).click();
  const create = page.getByRole('dialog', { name: 'Crear Nuevo Álbum' });
  const audience = create.getByRole('group', { name: 'Quién lo ve' });
  await expect(audience.getByLabel('Todo el grupo')).toBeChecked();
  await create.getByLabel('Título').fill(title);
  await create.getByLabel('Imagen de portada').setInputFiles({
    name: 'portada.jpg',
    mimeType: 'image/jpeg',
    buffer: await canvasJpeg(page, 1000, 700, 9),
  });
  await audience.getByLabel('Solo algunas secciones').check();
  // None ticked yet: the form says so and cannot be sent.
  await expect(create.getByText('Elige al menos una sección.')).toBeVisible();
  await expect(create.getByRole('button', { name: 'Crear Álbum' })).toBeDisabled();
  // The modal scrolls inside the window: its lower half, with the sections, in its own picture.
  await page.locator('.modal').evaluate((modal) => modal.scrollTo(0, modal.scrollHeight));
  await shoot(page, 'audience-create-modal-sections');
  for (const name of ['Manada', 'Tropa', 'Unidad', 'Clan']) {
    await expect(audience.getByLabel(name, { exact: true })).not.toBeChecked();
  }
  await audience.getByLabel('Tropa', { exact: true }).check();
  await expect(create.getByText('Elige al menos una sección.')).toBeHidden();
  await expectAccessible(page, 'Crear Nuevo Álbum con secciones');
  await shoot(page, 'audience-create-modal');
  await create.getByRole('button', { name: 'Crear Álbum' }).click();
  await expect(create).toBeHidden();

  const card = cardOf(page, title);
  await expect(card.getByRole('list', { name: 'Para: Tropa' })).toBeVisible();
  await expect(card.getByText('Tropa', { exact: true })).toBeVisible();
  albumPath = new URL(
    (await card.getByRole('link', { name: title }).getAttribute('href'))!,
    E2E.baseURL,
  ).pathname;
  expect(albumPath).toMatch(/^\/album\/\d+$/);

  // The edit modal shows the audience as it is.
  await card.getByRole('button', { name: 'Editar álbum' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar Álbum' });
  await expect(edit.getByLabel('Solo algunas secciones')).toBeChecked();
  await expect(edit.getByLabel('Tropa', { exact: true })).toBeChecked();
  await expect(edit.getByRole('button', { name: 'Guardar Cambios' })).toBeDisabled();
  await shoot(page, 'audience-edit-modal');
  await edit.getByRole('button', { name: 'Cancelar' }).click();
  await expect(edit).toBeHidden();
});

test('a Tropa family sees it with its badge', async ({ page }) => {
  await login(page, tropaFamily.email);
  await page.goto('/gallery');
  const card = cardOf(page, title);
  await expect(card.getByRole('list', { name: 'Para: Tropa' })).toBeVisible();
  await expectAccessible(page, 'Galería con un álbum de la Tropa');
  await shoot(page, 'audience-gallery');
  await card.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(albumPath);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Para: Tropa' })).toBeVisible();
  await expectAccessible(page, 'Álbum de la Tropa');
  await shoot(page, 'audience-album-page');
});

test('a Manada family does not see it, and gets the 404 page at its address', async ({ page }) => {
  await login(page, manadaFamily.email);
  await page.goto('/gallery');
  await expect(page.getByRole('heading', { level: 1, name: 'Álbumes de Fotos' })).toBeVisible();
  const whole = cardOf(page, wholeTitle);
  await expect(whole).toBeVisible();
  await expect(whole.getByRole('list')).toHaveCount(0);
  await expect(cardOf(page, title)).toHaveCount(0);
  await page.goto(albumPath);
  await expect(page.getByRole('heading', { name: 'Álbum no encontrado' })).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);
});
