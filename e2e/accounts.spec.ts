import {
  apiToken,
  createMember,
  firstStartLink,
  login,
  openDrawer,
  PASSWORD,
  PNG_1PX,
  watchForText,
} from './support/app.js';
import { E2E } from './support/env.js';
import { expect, test } from './support/fixtures.js';
import { pathOf, waitForMailLink } from './support/mail.js';

// One story on one server: the first admin registers, then invites the others.
test.describe.configure({ mode: 'serial' });

const admin = { email: E2E.firstAdminEmail, name: 'Marta Jefa de Grupo' };

test('the first admin registers through the link printed at first start', async ({ page }) => {
  await page.goto(pathOf(firstStartLink()));
  await expect(page.getByRole('heading', { name: 'Completar Registro' })).toBeVisible();
  await expect(page.getByText(admin.email)).toBeVisible();
  await page.getByLabel('Tu Nombre').fill(admin.name);
  await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirmar Contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: /registr/i }).click();
  await expect(page.getByText('¡Registro completado!')).toBeVisible();
  await expect(page).toHaveURL(`${E2E.baseURL}/`);
  const drawer = await openDrawer(page);
  await expect(drawer.getByText(admin.name)).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Administración' })).toBeVisible();
});

test('the admin invites a scouter who registers from the e-mailed link', async ({
  page,
  browser,
}) => {
  const email = `scouter.${Date.now()}@example.org`;
  await login(page, admin.email);
  await page.goto('/admin/invitations');
  await expect(page.getByRole('heading', { name: 'Panel de Administración' })).toBeVisible();
  await page.locator('textarea').fill(`  ${email}  \n\n`);
  await page.getByLabel('Rol', { exact: true }).selectOption('scouter');
  await page.getByRole('button', { name: 'Enviar Invitaciones' }).click();
  await expect(page.getByText('Se envió 1 invitación.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: email })).toBeVisible();

  const link = await waitForMailLink(email, /https?:\/\/\S+\/register\?invitation=[A-Za-z0-9_-]+/);
  const guest = await (await browser.newContext()).newPage();
  await guest.goto(pathOf(link));
  await expect(
    guest
      .getByText('Verificando invitación...')
      .or(guest.getByRole('heading', { name: 'Completar Registro' })),
  ).toBeVisible();
  await expect(guest.getByRole('heading', { name: 'Completar Registro' })).toBeVisible();
  await expect(guest.getByText(email)).toBeVisible();
  await guest.getByLabel('Tu Nombre').fill('Pablo Scouter');
  await guest.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await guest.getByLabel('Confirmar Contraseña').fill(PASSWORD);
  await guest.getByRole('button', { name: /registr/i }).click();
  await expect(guest.getByText('¡Registro completado!')).toBeVisible();
  await expect(guest).toHaveURL(`${E2E.baseURL}/`);
  const drawer = await openDrawer(guest);
  await expect(drawer.getByText('Pablo Scouter')).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Galería' })).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Administración' })).toHaveCount(0);

  // The same link cannot be used twice.
  const again = await (await browser.newContext()).newPage();
  await again.goto(pathOf(link));
  await expect(again.getByRole('heading', { name: 'Error de Invitación' })).toBeVisible();
  await expect(again.getByRole('link', { name: 'Volver a Inicio de Sesión' })).toHaveAttribute(
    'href',
    '/login',
  );
});

test('a member logs out and in again; a wrong password shows the error', async ({
  page,
  request,
}) => {
  const member = await createMember(request, admin.email, 'usuario');
  await login(page, member.email);
  const drawer = await openDrawer(page);
  await drawer.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();

  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Contraseña').fill('no-es-la-buena');
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page.getByText('Email o contraseña incorrectos.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Contraseña').fill(PASSWORD);
  const welcomed = await watchForText(page, 'Inicio de sesión exitoso.');
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await welcomed();
  await expect(page).toHaveURL(`${E2E.baseURL}/`);
  const again = await openDrawer(page);
  await expect(again.getByText(member.name)).toBeVisible();
});

test('login validates on submit only', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('nope');
  await expect(page.getByText('Debe ser un email válido.')).toHaveCount(0);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page.getByText('Debe ser un email válido.')).toBeVisible();
  await expect(page.getByText('La contraseña es obligatoria.')).toBeVisible();
});

test('a forgotten password is reset through the e-mailed link', async ({ page, request }) => {
  const member = await createMember(request, admin.email, 'usuario');
  await page.goto('/login');
  await page.getByRole('link', { name: /olvidaste/i }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // The page's code loads lazily: wait for it before typing, or the login form gets the text.
  await expect(page.getByRole('heading', { name: '¿Olvidaste tu contraseña?' })).toBeVisible();
  await page.getByLabel('Email').fill(member.email);
  await page.getByRole('button', { name: 'Enviar Enlace de Restablecimiento' }).click();
  await expect(
    page.getByText(
      'Si el email está registrado, recibirás un enlace para restablecer tu contraseña.',
    ),
  ).toBeVisible();

  const link = await waitForMailLink(
    member.email,
    /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/,
  );
  await page.goto(pathOf(link));
  await page.getByRole('button', { name: /restablecer|guardar|cambiar/i }).click();
  await expect(page.getByText('La contraseña es obligatoria.')).toBeVisible();
  await page.getByLabel('Nueva Contraseña', { exact: true }).fill('otra-clave-nueva');
  await page.getByLabel('Confirmar Nueva Contraseña').fill('otra-clave-distinta');
  await page.getByRole('button', { name: /restablecer|guardar|cambiar/i }).click();
  await expect(page.getByText('Las contraseñas deben coincidir.')).toBeVisible();
  await page.getByLabel('Confirmar Nueva Contraseña').fill('otra-clave-nueva');
  await page.getByRole('button', { name: /restablecer|guardar|cambiar/i }).click();
  await expect(
    page.getByText('Contraseña restablecida correctamente. Ya puedes iniciar sesión.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });
  await login(page, member.email, 'otra-clave-nueva');

  // Used once: the same link is refused.
  await page.goto(pathOf(link));
  await page.getByLabel('Nueva Contraseña', { exact: true }).fill('tercera-clave-1');
  await page.getByLabel('Confirmar Nueva Contraseña').fill('tercera-clave-1');
  await page.getByRole('button', { name: /restablecer|guardar|cambiar/i }).click();
  await expect(
    page.getByText('El enlace de restablecimiento no es válido o ha expirado.'),
  ).toBeVisible();
});

test('reset-password without a token says so', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(
    page.getByText('Error: Token de restablecimiento inválido o ausente.'),
  ).toBeVisible();
});

test('register without a token says so', async ({ page }) => {
  await page.goto('/register');
  await expect(page.getByText('No se proporcionó un token de invitación.')).toBeVisible();
});

test('a usuario reaching /admin/invitations lands on /', async ({ page, request }) => {
  const member = await createMember(request, admin.email, 'usuario');
  await login(page, member.email);
  await page.goto('/admin/invitations');
  await expect(page).toHaveURL(`${E2E.baseURL}/`);
  await expect(page.getByRole('heading', { name: 'Panel de Administración' })).toHaveCount(0);
});

test('a protected route sends a visitor to /login and back after login', async ({
  page,
  request,
}) => {
  const member = await createMember(request, admin.email, 'usuario');
  await page.goto('/profile/edit');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page).toHaveURL(/\/profile\/edit$/);
  await expect(page.getByRole('heading', { name: 'Editar Perfil' })).toBeVisible();
});

test('the profile name and avatar change and show in the drawer', async ({ page, request }) => {
  const member = await createMember(request, admin.email, 'scouter');
  await login(page, member.email);
  await page.goto('/profile/edit');
  await expect(page.getByText('El email no se puede cambiar.')).toBeVisible();
  await expect(page.getByText(member.email)).toBeVisible();
  await page.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(page.getByText('No hay cambios para guardar.')).toBeVisible();

  await page.getByLabel('Nombre').fill('   ');
  await page.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(page.getByText('El nombre no puede estar vacío si se modifica.')).toBeVisible();

  await page.getByLabel('Nombre').fill('Lucía Renombrada');
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'yo.png', mimeType: 'image/png', buffer: PNG_1PX });
  await page.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(page.getByText('Perfil actualizado correctamente.')).toBeVisible();

  const drawer = await openDrawer(page);
  await expect(drawer.getByText('Lucía Renombrada')).toBeVisible();
  const avatar = drawer.locator('img[src*="/media/avatars/"]');
  await expect(avatar).toHaveCount(1);
  const src = await avatar.getAttribute('src');
  const res = await request.get(src!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('image/webp');
});

test('the admin changes a role and deletes a user; their own row has no actions', async ({
  page,
  request,
}) => {
  const member = await createMember(request, admin.email, 'usuario', 'Iker Cambiante');
  const other = await createMember(request, admin.email, 'usuario', 'Nora Despedida');
  await login(page, admin.email);
  await page.goto('/admin/invitations');

  const users = page.getByRole('region', { name: 'Gestión de Usuarios Registrados' });
  const own = users.getByRole('row').filter({ hasText: admin.email });
  await expect(own.getByText('(Tú)')).toBeVisible();
  await expect(own.getByRole('button')).toHaveCount(0);

  const row = users.getByRole('row').filter({ hasText: member.email });
  await expect(row.getByRole('button', { name: /guardar/i })).toHaveCount(0);
  await row.getByRole('combobox').selectOption('scouter');
  await row.getByRole('button', { name: /guardar/i }).click();
  await expect(page.getByText('Rol actualizado para Iker Cambiante.')).toBeVisible();
  await expect(row.getByRole('button', { name: /guardar/i })).toHaveCount(0);

  const token = await apiToken(request, member.email);
  const me = await request.get('/api/profile/me', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(((await me.json()) as { role: string }).role).toBe('scouter');

  const doomed = users.getByRole('row').filter({ hasText: other.email });
  await doomed.getByRole('button', { name: /eliminar/i }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm.getByText('Esta acción no se puede deshacer.')).toBeVisible();
  await confirm.getByRole('button', { name: /eliminar/i }).click();
  await expect(page.getByText('Usuario Nora Despedida eliminado.')).toBeVisible();
  await expect(users.getByRole('row').filter({ hasText: other.email })).toHaveCount(0);
  const gone = await request.post('/api/auth/login', {
    data: { email: other.email, password: PASSWORD },
  });
  expect(gone.status()).toBe(401);
});

test('a visitor sees only the public entries in the drawer', async ({ page }) => {
  await page.goto('/');
  const drawer = await openDrawer(page);
  for (const name of ['Iniciar Sesión', 'Noticias', 'Experiencias', '¿Quiénes somos?']) {
    await expect(drawer.getByRole('link', { name, exact: true })).toBeVisible();
  }
  for (const name of ['Editar Perfil', 'Galería', 'Administración']) {
    await expect(drawer.getByRole('link', { name, exact: true })).toHaveCount(0);
  }
  await expect(drawer.getByRole('button', { name: 'Cerrar Sesión' })).toHaveCount(0);
});

test('the admin panel refuses bad addresses, warns about registered ones and revokes', async ({
  page,
  request,
}) => {
  const member = await createMember(request, admin.email, 'usuario');
  await login(page, admin.email);
  await page.goto('/admin/invitations');
  const textarea = page.locator('textarea');
  await textarea.fill('bien@example.org\nesto-no-es-un-email');
  await page.getByRole('button', { name: 'Enviar Invitaciones' }).click();
  await expect(
    page.getByText('Una o más direcciones de email no tienen un formato válido.'),
  ).toBeVisible();

  const fresh = `revocable.${Date.now()}@example.org`;
  await textarea.fill(`${fresh}\n${member.email}`);
  await page.getByRole('button', { name: 'Enviar Invitaciones' }).click();
  await expect(page.getByText('Ya existe una cuenta con este email.')).toBeVisible();
  // Not a full success: the form keeps what was typed.
  await expect(textarea).not.toHaveValue('');

  const sent = page
    .getByRole('region', { name: 'Invitaciones Enviadas' })
    .getByRole('row')
    .filter({ hasText: fresh });
  await expect(sent.getByText('Pendiente')).toBeVisible();
  await sent.getByRole('button', { name: 'Revocar' }).click();
  const confirm = page.getByRole('dialog');
  await confirm.getByRole('button', { name: 'Revocar' }).click();
  await expect(page.getByText('Invitación revocada.')).toBeVisible();
  await expect(sent).toHaveCount(0);

  const link = await waitForMailLink(fresh, /https?:\/\/\S+\/register\?invitation=[A-Za-z0-9_-]+/);
  await page.goto(pathOf(link));
  await expect(page.getByRole('heading', { name: 'Error de Invitación' })).toBeVisible();
});
