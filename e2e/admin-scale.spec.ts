import type { Page } from '@playwright/test';
import { expectAccessible } from './support/a11y.js';
import { createChild, firstAdminToken, login, PASSWORD } from './support/app.js';
import { dbRun } from './support/control.js';
import { E2E } from './support/env.js';
import { expect, test } from './support/fixtures.js';
import { pathOf, waitForMailLink } from './support/mail.js';
import { screen } from './support/shots.js';

/*
 * The admin panel at the size of a real group (decisions 050–051): an
 * invitation carrying a child, and the panel with 150 families on a phone and a laptop.
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
const FAMILIES = 150;
/** A 29-character local part with no dot: it used to break in its middle on a phone. */
const LONG_EMAIL = `mariaconcepcionfernandezgarci@escala${stamp}.example.org`;
let nora = 0;

test.beforeAll(async ({ request }) => {
  await firstAdminToken(request);
  nora = await createChild(request, E2E.firstAdminEmail, {
    fullName: `Nora Escala Peña ${stamp}`,
    birthDate: '2017-04-02',
    section: 'Manada',
  });
  // 150 families, each with one child and a pending invitation for a second guardian, straight
  // in the database (through the API it would be 150 registrations): the panel a real group has.
  const now = Date.now();
  const statements: { sql: string; params?: unknown[] }[] = [];
  const sections = ['Manada', 'Tropa', 'Unidad', 'Clan'];
  for (let i = 0; i < FAMILIES; i += 1) {
    const at = new Date(now - (FAMILIES - i) * 60_000).toISOString();
    const email = i === FAMILIES - 1 ? LONG_EMAIL : `familia.escala.${i}.${stamp}@example.org`;
    statements.push(
      {
        sql: `insert into users (name, email, password_hash, role, avatar_key, created_at)
          values (?, ?, null, 'usuario', null, ?)`,
        params: [`Familia Escala ${i}`, email, at],
      },
      {
        sql: `insert into children (full_name, name_search, birth_date, section_id, active, created_at, updated_at)
          select ?, ?, '2012-01-01', id, 1, ?, ? from sections where name = ?`,
        params: [`Hijo Escala ${i}`, `hijo escala ${i}`, at, at, sections[i % 4]],
      },
      {
        sql: `insert into guardians (user_id, child_id, created_at)
          values ((select max(id) from users), (select max(id) from children), ?)`,
        params: [at],
      },
      {
        sql: `insert into invitations (email, role, token_hash, expires_at, created_at)
          values (?, 'usuario', ?, ?, ?)`,
        params: [
          `segundo.escala.${i}.${stamp}@example.org`,
          `hash-escala-${stamp}-${i}`,
          new Date(now + 86_400_000).toISOString(),
          at,
        ],
      },
    );
  }
  await dbRun(statements);
});

test('an invitation carrying a child: the family registers already linked', async ({
  page,
  browser,
}) => {
  const email = `familia.nora.${stamp}@example.org`;
  await login(page, E2E.firstAdminEmail);
  // The children list's "Invitar a la familia" link: the child and the role usuario preselected.
  await page.goto(`/admin/invitations?educando=${nora}`);
  const chosen = page.getByRole('list', { name: 'Educandos elegidos' });
  await expect(chosen.getByText(`Nora Escala Peña ${stamp}`)).toBeVisible();
  await expect(page.getByLabel('Rol', { exact: true })).toHaveValue('usuario');

  // The picker by keyboard: search, pick, and remove again.
  const picker = page.getByRole('combobox', { name: 'Invitar a la familia de… (opcional)' });
  await picker.fill('hijo escala 14');
  await expect(page.getByRole('option', { name: /Hijo Escala 14\b/ })).toBeVisible();
  await screen(page, 'admin-invite-picker-open');
  await expectAccessible(page, 'el buscador de educandos abierto');
  await picker.press('ArrowDown');
  await picker.press('Enter');
  await expect(chosen.getByRole('listitem')).toHaveCount(2);
  await chosen.getByRole('button', { name: /^Quitar a Hijo Escala 14/ }).click();
  await expect(chosen.getByRole('listitem')).toHaveCount(1);
  await screen(page, 'admin-invite-form-child');

  await page.getByLabel('Emails (uno por línea)').fill(email);
  await page.getByRole('button', { name: 'Enviar Invitaciones' }).click();
  await expect(page.getByText('Se envió 1 invitación.')).toBeVisible();
  await expect(chosen).toHaveCount(0);
  const search = page.getByRole('search', { name: 'Buscar y filtrar invitaciones' });
  await search.getByLabel('Buscar').fill(`familia.nora.${stamp}`);
  await expect(page.getByRole('navigation', { name: 'Páginas de invitaciones' })).toContainText(
    'Página 1 de 1 · 1 invitación',
  );
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row.getByText(`Nora Escala Peña ${stamp}`)).toBeVisible();
  await screen(page, 'admin-invitations-with-child');

  const link = await waitForMailLink(email, /https?:\/\/\S+\/register\?invitation=[A-Za-z0-9_-]+/);
  const mail = (await import('./support/mail.js')).allMail().findLast((m) => m.to.includes(email))!;
  expect(mail.text).toContain('Tu cuenta quedará vinculada a 1 educando del grupo');
  expect(mail.text).not.toContain('Nora');
  const guest = await (await browser.newContext()).newPage();
  await guest.goto(pathOf(link));
  await guest.getByLabel('Tu Nombre').fill('Familia de Nora');
  await guest.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await guest.getByLabel('Confirmar Contraseña').fill(PASSWORD);
  await guest.getByRole('button', { name: /registr/i }).click();
  await expect(guest.getByText('¡Registro completado!')).toBeVisible();
  const linked = await dbRun<{ child_id: number }[]>([
    {
      sql: 'select g.child_id from guardians g join users u on u.id = g.user_id where u.email = ?',
      params: [email],
    },
  ]);
  expect(linked).toEqual([{ child_id: nora }]);
  await guest.context().close();
});

test('the users table: search, filters and pages on the server', async ({ page }) => {
  await login(page, E2E.firstAdminEmail);
  await page.goto('/admin/invitations');
  const users = page.locator('section', {
    has: page.getByRole('heading', { name: 'Gestión de Usuarios Registrados' }),
  });
  const pager = users.getByRole('navigation', { name: 'Páginas de usuarios' });
  await expect(pager).toContainText('Página 1 de');
  const filters = users.getByRole('search', { name: 'Buscar y filtrar usuarios' });
  await filters.getByLabel('Buscar').fill(`familia.escala.1`);
  // familia.escala.1, .10–.19, .100–.148 (the 150th has the long address): 60 families.
  await expect(pager).toContainText('Página 1 de 6 · 60 usuarios');
  await expect(users.getByRole('row')).toHaveCount(11);
  await pager.getByRole('button', { name: 'Siguiente' }).click();
  await expect(pager).toContainText('Página 2 de 6 · 60 usuarios');
  await filters.getByLabel('Buscar').fill('Familia Escala 14');
  // Familia Escala 14 and 140–149, whatever the case.
  await expect(pager).toContainText('Página 1 de 2 · 11 usuarios');
  await filters.getByLabel('Filtrar por sección').selectOption('Unidad');
  // 14, 142, 146 are in the Unidad (i % 4 === 2).
  await expect(pager).toContainText('Página 1 de 1 · 3 usuarios');
  await expect(users.getByRole('row').filter({ hasText: 'Familia Escala 146' })).toContainText(
    '1 educando',
  );
  await filters.getByLabel('Filtrar por rol').selectOption('scouter');
  await expect(users.getByText('Ningún usuario coincide con la búsqueda.')).toBeVisible();
  await expectAccessible(page, 'el panel de administración con filtros');
});

/** Where a text's lines break: the characters just before each wrap. */
async function breaksOf(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((nodes) =>
    nodes.map((node) => {
      const text = node.textContent ?? '';
      const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
      const tops: { char: string; top: number }[] = [];
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        for (let i = 0; i < (n.textContent ?? '').length; i += 1) {
          const range = document.createRange();
          range.setStart(n, i);
          range.setEnd(n, i + 1);
          tops.push({ char: n.textContent![i]!, top: range.getBoundingClientRect().top });
        }
      }
      const before: string[] = [];
      for (let i = 1; i < tops.length; i += 1) {
        if (tops[i]!.top > tops[i - 1]!.top + 2) before.push(tops[i - 1]!.char);
      }
      return { text, before };
    }),
  );
}

test('on a phone: e-mails wrap only after "@" or ".", and 150 families fit in pages', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await login(page, E2E.firstAdminEmail);
  await page.goto('/admin/invitations');
  const users = page.locator('section', {
    has: page.getByRole('heading', { name: 'Gestión de Usuarios Registrados' }),
  });
  // Found by its address, wherever the accounts other specs made put it among the pages.
  await users
    .getByRole('search', { name: 'Buscar y filtrar usuarios' })
    .getByLabel('Buscar')
    .fill(LONG_EMAIL.split('@')[0]!);
  await expect(users.getByText(LONG_EMAIL.split('@')[0]!, { exact: false })).toBeVisible();
  for (const width of [320, 375, 414]) {
    await page.setViewportSize({ width, height: 800 });
    const cells = await breaksOf(page, 'main .email-address');
    expect(cells.length).toBeGreaterThan(10);
    for (const { text, before } of cells) {
      for (const char of before) expect(['@', '.'], `${text} a ${width} px`).toContain(char);
    }
    const long = cells.find((c) => c.text === LONG_EMAIL);
    expect(long, `${LONG_EMAIL} a ${width} px`).toBeDefined();
  }
  await page.setViewportSize({ width: 375, height: 800 });
  await users
    .getByRole('search', { name: 'Buscar y filtrar usuarios' })
    .getByLabel('Buscar')
    .fill('');
  await expect(users.getByRole('navigation', { name: 'Páginas de usuarios' })).toContainText(
    /Página 1 de (1[6-9]|[2-9]\d)/,
  );
  // The whole panel, with 150 families and 150 invitations: pages of ten, not a 6,800 px table.
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  test.info().annotations.push({ type: 'altura del panel a 375 px', description: `${height} px` });
  console.log(`altura del panel a 375 px: ${height} px`);
  const usersHeight = (await users.boundingBox())!.height;
  test.info().annotations.push({
    type: 'altura de los usuarios a 375 px',
    description: `${usersHeight} px`,
  });
  console.log(`altura de los usuarios a 375 px: ${usersHeight} px`);
  expect(usersHeight).toBeLessThan(4500);
  await screen(page, 'admin-panel-scale');
});
