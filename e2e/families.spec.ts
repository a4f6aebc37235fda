import type { Page } from '@playwright/test';
import { expectAccessible } from './support/a11y.js';
import { apiToken, createMember, firstAdminToken, login, openDrawer } from './support/app.js';
import { E2E } from './support/env.js';
import { expect, test } from './support/fixtures.js';
import { screen } from './support/shots.js';

// The group's structure (decision 140): an admin manages the sections and the children, links a
// family, a scouter sees the children of their sections, and the paso de sección moves a child
// (the family's view follows).
test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
let scouter: { email: string; name: string };
let family: { email: string; name: string };
// Long on purpose: a phone must wrap them between words, never inside one.
const lucia = `Lucía Fernández-Villaverde Ortega ${stamp}`;
const mateo = `Mateo Ruiz Salgado ${stamp}`;

/** At a phone's width, nothing of `where` sticks out sideways. */
async function expectNoSideScroll(page: Page, where: string) {
  const original = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 800 });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect.soft(width, `${where}: el ancho de la página a 375 px`).toBeLessThanOrEqual(375);
  if (original) await page.setViewportSize(original);
}

test.beforeAll(async ({ request }) => {
  await firstAdminToken(request);
  scouter = await createMember(request, E2E.firstAdminEmail, 'scouter', 'Nerea Scouter Tropa');
  family = await createMember(
    request,
    E2E.firstAdminEmail,
    'usuario',
    'Familia Fernández-Villaverde',
  );
});

test('an admin adds a section, assigns a scouter and retires it', async ({ page }) => {
  await login(page, E2E.firstAdminEmail);
  await page.goto('/admin/invitations');
  await page
    .getByRole('navigation', { name: 'Secciones del panel de administración' })
    .getByRole('link', { name: 'Secciones' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Secciones' })).toBeVisible();
  for (const name of ['Manada', 'Tropa', 'Unidad', 'Clan']) {
    await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
  }

  await page.getByRole('button', { name: 'Añadir sección' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva sección' });
  await dialog.getByLabel('Nombre').fill(`Castores ${stamp}`);
  await dialog.getByLabel('Edad mínima').fill('9');
  await dialog.getByLabel('Edad máxima').fill('6');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('La edad mínima debe ser menor que la máxima.')).toBeVisible();
  await dialog.getByLabel('Edad mínima').fill('6');
  await dialog.getByLabel('Edad máxima').fill('8');
  await screen(page, 'families-section-form');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Sección creada.')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Tropa's scouter.
  await page.getByRole('button', { name: 'Asignar scouters a la sección Tropa' }).click();
  const scouters = page.getByRole('dialog', { name: 'Scouters de Tropa' });
  await scouters.getByLabel(new RegExp(scouter.name)).check();
  await screen(page, 'families-section-scouters');
  await scouters.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Scouters de la sección actualizados.')).toBeVisible();
  await expect(page.getByRole('cell', { name: scouter.name })).toBeVisible();
  await screen(page, 'families-sections');
  await expectNoSideScroll(page, '/admin/secciones');
  await expectAccessible(page, "'Secciones'");

  // Retiring keeps it, marked; the who-we-are page no longer lists it.
  await page.getByRole('button', { name: `Retirar la sección Castores ${stamp}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Retirar sección' }).click();
  await expect(
    page.getByText('Sección retirada: sus educandos y álbumes la conservan.'),
  ).toBeVisible();
  await expect(
    page.getByRole('button', { name: `Volver a usar la sección Castores ${stamp}` }),
  ).toBeVisible();
  await page.goto('/whoweare');
  const sections = page.getByRole('region', { name: 'Nuestras secciones' });
  await expect(sections.getByRole('article')).toHaveCount(4);
  await expect(page.getByText('el camino continúa de los 8 a los 20 años.')).toBeVisible();
  await expect(sections.getByText(`Castores ${stamp}`)).toHaveCount(0);
  await screen(page, 'families-whoweare');
});

test('an admin adds children and links a family; the family sees them', async ({
  page,
  browser,
}) => {
  await login(page, E2E.firstAdminEmail);
  await page.goto('/admin/educandos');
  await expect(page.getByRole('heading', { level: 1, name: 'Educandos' })).toBeVisible();

  for (const [name, birth, section] of [
    [lucia, '2015-07-01', 'Manada'],
    [mateo, '2013-03-01', 'Tropa'],
  ] as const) {
    await page.getByRole('button', { name: 'Añadir educando' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo educando' });
    await dialog.getByLabel('Nombre completo').fill(name);
    await dialog.getByLabel('Fecha de nacimiento').fill(birth);
    await dialog
      .getByLabel('Sección')
      .selectOption({ label: `${section} (${section === 'Manada' ? '8–11' : '11–14'})` });
    if (name === lucia) await screen(page, 'families-child-form');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Educando añadido.')).toBeVisible();
    await expect(dialog).toBeHidden();
  }

  // The search runs on the server, without case or accents.
  await page.getByLabel('Buscar por nombre').fill(`lucia fernandez-villaverde ortega ${stamp}`);
  await expect(page.getByRole('cell', { name: lucia, exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: mateo, exact: true })).toHaveCount(0);

  await page.getByRole('button', { name: `Familiares de ${lucia}` }).click();
  const guardians = page.getByRole('dialog', { name: `Familiares de ${lucia}` });
  await guardians.getByLabel('Buscar cuenta por nombre o email').fill('Fernández-Villaverde');
  await guardians.getByRole('button', { name: `Vincular a ${family.name}` }).click();
  await expect(guardians.getByText('Familiar vinculado al educando.')).toBeVisible();
  await screen(page, 'families-guardians');
  await expectAccessible(page, "'Familiares' de un educando");
  await guardians.getByRole('button', { name: 'Cerrar' }).last().click();
  await expect(page.getByRole('cell', { name: new RegExp(family.name) })).toBeVisible();
  await expect(
    page.getByRole('link', { name: `Invitar a la familia de ${lucia}` }),
  ).toHaveAttribute('href', /\/admin\/invitations\?educando=\d+$/);
  await page.getByLabel('Buscar por nombre').fill(String(stamp));
  await expect(page.getByRole('cell', { name: mateo, exact: true })).toBeVisible();
  await screen(page, 'families-children');
  await expectNoSideScroll(page, '/admin/educandos');
  await expectAccessible(page, "'Educandos'");

  // The family, in 'Editar Perfil'.
  const context = await browser.newContext();
  const familyPage = await context.newPage();
  await login(familyPage, family.email);
  await familyPage.goto('/profile/edit');
  const mine = familyPage.getByTestId('my-children');
  await expect(mine.getByRole('heading', { name: 'Mis educandos' })).toBeVisible();
  // Exact: the consent choices below name the child too.
  await expect(mine.getByText(lucia, { exact: true })).toBeVisible();
  await expect(mine.getByText('Manada')).toBeVisible();
  await expect(mine.getByText(mateo)).toHaveCount(0);
  await screen(familyPage, 'families-my-children');
  await context.close();
});

test('a scouter reaches Educandos from the menu and sees only their sections', async ({ page }) => {
  await login(page, scouter.email);
  const drawer = await openDrawer(page);
  await drawer.getByRole('link', { name: 'Educandos' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Educandos' })).toBeVisible();
  await page.getByLabel('Buscar por nombre').fill(String(stamp));
  await expect(page.getByRole('cell', { name: mateo, exact: true })).toBeVisible();
  await expect(page.getByText(lucia)).toHaveCount(0);
  // No invitations for a scouter; their nav is the children and the consent register.
  await expect(
    page
      .getByRole('navigation', { name: 'Secciones del panel de administración' })
      .getByRole('link'),
  ).toHaveText(['Educandos', 'Consentimiento']);
  await expect(page.getByRole('link', { name: /Invitar a la familia/ })).toHaveCount(0);
  // Their API answers 404 for another section's child, as if missing.
  const token = await apiToken(page.request, scouter.email);
  const admin = await apiToken(page.request, E2E.firstAdminEmail);
  const all = await page.request.get(`/api/children?q=${stamp}&status=all`, {
    headers: { Authorization: `Bearer ${admin}` },
  });
  const luciaId = ((await all.json()) as { id: number; full_name: string }[]).find(
    (c) => c.full_name === lucia,
  )?.id;
  const other = await page.request.get(`/api/children/${luciaId}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(other.status()).toBe(404);
  expect(await other.text()).not.toContain('Lucía');
  await screen(page, 'families-children-scouter');
  // Not a guardian: 'Mis educandos' says so in a line.
  await page.goto('/profile/edit');
  await expect(
    page.getByTestId('my-children').getByText(/No tienes educandos vinculados a tu cuenta/),
  ).toBeVisible();
  await screen(page, 'families-my-children-empty');
});

test('the paso de sección moves a child, and the family sees the new section', async ({
  page,
  browser,
}) => {
  await login(page, E2E.firstAdminEmail);
  await page.goto('/admin/educandos');
  await page
    .getByRole('navigation', { name: 'Secciones del panel de administración' })
    .getByRole('link', { name: 'Paso de sección' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Paso de sección' })).toBeVisible();
  await page.getByLabel('Edad calculada a fecha de').fill('2026-09-01');
  const row = page.getByRole('row').filter({ hasText: lucia });
  await expect(row.getByText('11 años')).toBeVisible();
  await expect(row.getByLabel(`Nueva sección de ${lucia}`)).toHaveValue(/\d+/);
  await expect(page.getByRole('row').filter({ hasText: mateo })).toHaveCount(0);
  await screen(page, 'families-promotion');
  await expectNoSideScroll(page, '/admin/paso-de-seccion');
  await expectAccessible(page, "'Paso de sección'");
  await page.getByRole('button', { name: 'Aplicar paso de sección' }).click();
  const confirm = page.getByRole('dialog', { name: '¿Aplicar el paso de sección?' });
  await screen(page, 'families-promotion-confirm');
  await confirm.getByRole('button', { name: 'Aplicar' }).click();
  await expect(page.getByText(/^Paso de sección aplicado: \d+ educandos? ha/)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: lucia })).toHaveCount(0);
  await screen(page, 'families-promotion-done');

  // Her history keeps both sections.
  await page.goto('/admin/educandos');
  await page.getByLabel('Buscar por nombre').fill(String(stamp));
  await page.getByRole('button', { name: `Editar a ${lucia}` }).click();
  const edit = page.getByRole('dialog', { name: `Editar a ${lucia}` });
  await expect(edit.getByRole('heading', { name: 'Historial de secciones' })).toBeVisible();
  await expect(edit.getByRole('listitem')).toHaveCount(2);
  await expect(edit.getByLabel('Sección')).toHaveValue(/\d+/);
  await screen(page, 'families-child-edit');
  await expectAccessible(page, "'Editar educando'");
  await edit.getByRole('button', { name: 'Cancelar' }).click();

  const context = await browser.newContext();
  const familyPage = await context.newPage();
  await login(familyPage, family.email);
  await familyPage.goto('/profile/edit');
  const mine = familyPage.getByTestId('my-children');
  // Exact: the consent choices below name the child too.
  await expect(mine.getByText(lucia, { exact: true })).toBeVisible();
  await expect(mine.getByText('Tropa')).toBeVisible();
  await context.close();
});
