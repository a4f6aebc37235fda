import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
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
import { screen } from './support/shots.js';

/*
 * The consent register and 'Fotos de mi educando' (decisions 070–074): a guardian grants and
 * withdraws gallery consent in 'Mis educandos'; a scouter records a signed paper form for a child
 * of their section and reads the register (and its CSV); an admin writes a new version of the text,
 * which asks the family again; and the family asks for their child to be blurred in a photo ('Fotos
 * de mi educando').
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
const nora = `Nora Consentida Pérez ${stamp}`;
let family: { email: string; name: string };
let scouter: { email: string; name: string };
let childId = 0;
let photoId = 0;

test.beforeAll(async ({ request }) => {
  await firstAdminToken(request);
  family = await createMember(request, E2E.firstAdminEmail, 'usuario', 'Lucía Familia Pérez');
  scouter = await createMember(request, E2E.firstAdminEmail, 'scouter', 'Pablo Scouter Tropa');
  childId = await createChild(request, E2E.firstAdminEmail, {
    fullName: nora,
    birthDate: bornYearsAgo(12),
    section: 'Tropa',
    guardians: [family.email],
  });
  // The scouter is the Tropa's.
  await dbRun([
    {
      sql: `insert into scouter_sections (user_id, section_id)
        select u.id, s.id from users u, sections s where u.email = ? and s.name = 'Tropa'`,
      params: [scouter.email],
    },
  ]);
});

test('a guardian grants and then withdraws gallery consent in Mis educandos', async ({ page }) => {
  await login(page, family.email);
  await page.goto('/profile/edit');
  const card = page.getByTestId('my-children');
  await expect(card.getByText(nora, { exact: true })).toBeVisible();
  await expect(card.getByText('Sin responder: no se mostrará su cara')).toHaveCount(4);
  const gallery = card.getByRole('group', { name: `Galería del grupo para ${nora}` });
  await expect(gallery.getByRole('radio', { name: 'Sí' })).not.toBeChecked();
  await screen(page, 'consent-my-children-unanswered');

  await gallery.getByRole('radio', { name: 'Sí' }).check();
  const galleryItem = card.locator('[data-purpose="gallery"]');
  await expect(galleryItem.getByText('Autorizado', { exact: true })).toBeVisible();
  await expect(galleryItem.getByText(/respondido por la familia, desde el/)).toBeVisible();
  await screen(page, 'consent-my-children-granted');
  await expectAccessible(page, "'Mis educandos' con el consentimiento");

  await gallery.getByRole('radio', { name: 'No' }).check();
  await expect(galleryItem.getByText('No autorizado', { exact: true })).toBeVisible();
  await page.reload();
  await expect(
    card.locator('[data-purpose="gallery"]').getByText('No autorizado', { exact: true }),
  ).toBeVisible();
  await expect(gallery.getByRole('radio', { name: 'No' })).toBeChecked();
});

test('a scouter records a signed paper form and reads the register of their section', async ({
  page,
}) => {
  await login(page, scouter.email);
  await page.goto('/admin/educandos');
  // Other specs' children share the section: found by name, as a scouter with a full list would.
  await page.getByLabel('Buscar por nombre').fill(nora);
  await page.getByRole('button', { name: `Consentimiento de imagen de ${nora}` }).click();
  const dialog = page.getByRole('dialog', { name: `Consentimiento de imagen de ${nora}` });
  await expect(dialog.getByText('Registrar una hoja firmada')).toBeVisible();
  await dialog.getByLabel('Finalidad').selectOption({ label: 'Web pública' });
  await dialog.getByRole('radio', { name: 'Autoriza', exact: true }).check();
  await dialog.getByRole('button', { name: 'Registrar' }).click();
  await expect(
    dialog.getByText(
      'Escribe una nota que identifique la hoja firmada (por ejemplo, «Hoja firmada el 3/10»).',
    ),
  ).toBeVisible();
  await dialog.getByLabel('Nota').fill('Hoja firmada el 3/10');
  await dialog.getByRole('button', { name: 'Registrar' }).click();
  await expect(dialog.getByText('Consentimiento guardado: autorizado.')).toBeVisible();
  await expect(dialog.getByText('Autoriza «Web pública»')).toBeVisible();
  await expect(dialog.getByText(/Hoja firmada, registrado por Pablo Scouter Tropa/)).toBeVisible();
  // The family's two answers are in the history too, newest first.
  await expect(dialog.getByText('No autoriza «Galería del grupo»')).toBeVisible();
  await screen(page, 'consent-child-dialog');
  await expectAccessible(page, 'el diálogo de consentimiento');
  await dialog.getByRole('button', { name: 'Cerrar', exact: true }).click();

  await page
    .getByRole('navigation', { name: 'Secciones del panel de administración' })
    .getByRole('link', { name: 'Consentimiento' })
    .click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Consentimiento de imagen' }),
  ).toBeVisible();
  const register = page.getByTestId('consent-register');
  const row = register.getByRole('row').filter({ hasText: nora });
  // Other specs' children share the section and the register is paged by name: turn its pages
  // until Nora's row is on the one shown.
  await expect(register.getByRole('row').nth(1)).toBeVisible();
  for (let shown = 2; (await row.count()) === 0; shown++) {
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await expect(page.getByText(new RegExp(`^Página ${shown} de \\d+`))).toBeVisible();
    // The pager names the new page at once and keeps the old rows until the new ones come; its
    // buttons stay disabled meanwhile. Counted before, the rows would be the old page's.
    await expect(page.getByRole('button', { name: 'Anterior' })).toBeEnabled();
  }
  await expect(row.getByRole('cell').nth(2)).toContainText('No');
  await expect(row.getByRole('cell').nth(3)).toContainText('Sí');
  await expect(row.getByRole('cell').nth(3)).toContainText('hoja firmada');
  await expect(page.getByRole('heading', { name: 'Texto del consentimiento' })).toHaveCount(0);
  await screen(page, 'consent-register-scouter');
  await expectAccessible(page, "'/admin/consentimiento' de un scouter");

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Descargar CSV (Excel)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^consentimientos-tropa-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = readFileSync((await download.path()) as string);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.subarray(3).toString('utf8');
  expect(text.split('\r\n')[0]).toMatch(
    /^Educando;Fecha de nacimiento;Sección;Decide;Galería del grupo;/,
  );
  expect(text).toContain(`${nora};${bornYearsAgo(12)};Tropa;La familia;No;La familia (en Fogata);`);
});

test('an admin writes a new text; the family is asked again', async ({ page, browser }) => {
  await login(page, E2E.firstAdminEmail);
  await page.goto('/admin/consentimiento');
  await expect(page.getByRole('heading', { name: 'Texto del consentimiento' })).toBeVisible();
  await page
    .getByLabel('Texto de la nueva versión')
    .fill(`Autorizo al grupo a mostrar la imagen de mi hijo o hija (revisión ${stamp}).`);
  await page.getByRole('button', { name: 'Guardar versión nueva' }).click();
  await expect(page.getByText(/^Nueva versión del texto guardada \(versión \d+\)/)).toBeVisible();
  await expect(page.getByTestId('consent-text-current')).toContainText(`revisión ${stamp}`);
  await screen(page, 'consent-admin');
  await expectAccessible(page, "'/admin/consentimiento' de un admin");

  const familyPage = await browser.newPage();
  await login(familyPage, family.email);
  await familyPage.goto('/profile/edit');
  await expect(
    familyPage.getByText(
      'Hay un texto nuevo del consentimiento: te pedimos que vuelvas a responder.',
    ),
  ).toBeVisible();
  await familyPage.close();
});

test("the family asks for their child to be blurred in a photo ('Fotos de mi educando')", async ({
  page,
  request,
}) => {
  const headers = await bearer(request, E2E.firstAdminEmail);
  const astronaut = readFileSync(
    fileURLToPath(new URL('../fixtures/faces/astronaut.png', import.meta.url)),
  );
  const made = await request.post('/api/albums/newAlbum', {
    headers,
    multipart: {
      title: `Acampada de otoño ${stamp}`,
      cover: { name: 'portada.png', mimeType: 'image/png', buffer: astronaut },
    },
  });
  expect(made.status()).toBe(201);
  const albumId = ((await made.json()) as { album: { id: number } }).album.id;
  const up = await request.post('/api/photos/upload', {
    headers,
    multipart: {
      albumId: String(albumId),
      images: { name: 'astronauta.png', mimeType: 'image/png', buffer: astronaut },
    },
  });
  expect(up.status()).toBe(201);
  photoId = ((await up.json()) as { uploaded: { id: number }[] }).uploaded[0]?.id ?? 0;
  await facesScanned(request);
  // A manager assigned the face to Nora (the review screen is tested in face-review.spec.ts): the
  // box the detector found is replaced by a known one.
  await dbRun([
    { sql: 'delete from faces where photo_id = ?', params: [photoId] },
    {
      sql: `insert into faces (photo_id, x, y, width, height, score, source, status, child_id, created_at)
        values (?, 0.36, 0.1, 0.28, 0.36, 0.95, 'detector', 'child', ?, ?)`,
      params: [photoId, childId, new Date().toISOString()],
    },
  ]);

  await login(page, family.email);
  await page.goto('/profile/edit');
  await page.getByRole('link', { name: `Fotos de mi educando: ${nora}` }).click();
  await expect(page).toHaveURL(new RegExp(`/mis-educandos/${childId}/fotos$`));
  await expect(page.getByRole('heading', { level: 1, name: `Fotos de ${nora}` })).toBeVisible();
  await expect(page.getByTestId('child-photo')).toHaveCount(1);
  await expect(
    page.getByRole('img', { name: 'Foto 1 en la que aparece tu educando' }),
  ).toBeVisible();
  await screen(page, 'consent-child-photos');
  await expectAccessible(page, "'Fotos de mi educando'");

  await page.getByRole('button', { name: 'Difuminar a mi hijo/a en esta foto (foto 1)' }).click();
  await expect(
    page.getByText(
      'Hecho: su cara se difumina en esta foto para todos, y los scouters ya lo saben.',
    ),
  ).toBeVisible();
  await expect(page.getByText('Difuminado en esta foto')).toBeVisible();
  await expect(page.getByRole('button', { name: /Difuminar a mi hijo/ })).toHaveCount(0);
  // The picture now shown is the blurred copy, and it loads.
  const picture = page.getByRole('img', { name: 'Foto 1 en la que aparece tu educando' });
  await expect
    .poll(() => picture.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
    .toBe(true);
  expect(await picture.evaluate((el: HTMLImageElement) => el.currentSrc)).toContain('/renditions/');
  await screen(page, 'consent-child-photos-blurred');
  const [face] = await dbRun<{ blur_requested_at: string | null }[]>([
    { sql: 'select blur_requested_at from faces where photo_id = ?', params: [photoId] },
  ]);
  expect(face?.blur_requested_at).toBeTruthy();
});

test("the family takes it back with 'Dejar de difuminar' (decision 073)", async ({ page }) => {
  await login(page, family.email);
  await page.goto(`/mis-educandos/${childId}/fotos`);
  await expect(page.getByText('Difuminado en esta foto')).toBeVisible();
  await page
    .getByRole('button', { name: 'Dejar de difuminar a mi hijo/a en esta foto (foto 1)' })
    .click();
  await expect(
    page.getByText(
      'Hecho: su cara ya no se difumina a petición de la familia. Se verá en esta foto solo donde su consentimiento de imagen lo permita.',
    ),
  ).toBeVisible();
  // The photo offers the blur again; the family sees their own child clear: the stored copy.
  await expect(
    page.getByRole('button', { name: 'Difuminar a mi hijo/a en esta foto (foto 1)' }),
  ).toBeVisible();
  await expect(page.getByText('Difuminado en esta foto')).toHaveCount(0);
  const picture = page.getByRole('img', { name: 'Foto 1 en la que aparece tu educando' });
  await expect
    .poll(() => picture.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
    .toBe(true);
  expect(await picture.evaluate((el: HTMLImageElement) => el.currentSrc)).not.toContain(
    '/renditions/',
  );
  await expectAccessible(page, "'Fotos de mi educando' tras dejar de difuminar");
  await screen(page, 'consent-child-photos-unblurred');
  const [face] = await dbRun<{ blur_requested_at: string | null }[]>([
    { sql: 'select blur_requested_at from faces where photo_id = ?', params: [photoId] },
  ]);
  expect(face?.blur_requested_at).toBeNull();
});

test("a manager takes a family's blur request off in Revisar caras (decision 073)", async ({
  page,
  request,
}) => {
  const asked = await request.post(`/api/profile/children/${childId}/photos/${photoId}/blur`, {
    headers: await bearer(request, family.email),
  });
  expect(asked.status()).toBe(200);
  const [photo] = await dbRun<{ album_id: number }[]>([
    { sql: 'select album_id from photos where id = ?', params: [photoId] },
  ]);
  await login(page, scouter.email);
  await page.goto(`/album/${photo?.album_id}/caras`);
  const article = page.getByRole('article', { name: 'Foto 1 de 1' });
  await article.getByRole('button', { name: `1 ${nora}` }).click();
  await expect(article.getByText('La familia pidió difuminarla')).toBeVisible();
  await screen(page, 'face-review-blur-requested');
  await article.getByRole('button', { name: 'Dejar de difuminar' }).click();
  await expect(article.getByText('La familia pidió difuminarla')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Ya no se difumina' })).toHaveText(
    'Ya no se difumina por petición de la familia: se verá donde su consentimiento lo permita.',
  );
  await expectAccessible(page, 'Revisar caras tras dejar de difuminar');
  const [face] = await dbRun<{ blur_requested_at: string | null }[]>([
    { sql: 'select blur_requested_at from faces where photo_id = ?', params: [photoId] },
  ]);
  expect(face?.blur_requested_at).toBeNull();
});
