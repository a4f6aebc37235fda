import { SERVER_ERRORS, SERVER_SUCCESS } from '@fogata/shared';
import { login, PASSWORD } from './support/app.js';
import { ensureFirstAdmin, startSmtp, stopSmtp } from './support/control.js';
import { E2E } from './support/env.js';
import { expect, test } from './support/fixtures.js';
import { allMail, pathOf, waitForMailLink } from './support/mail.js';
import { shoot } from './support/shots.js';

// Real mail: the server talks SMTP to a receiver on 127.0.0.1, which the tests can stop.
test.describe.configure({ mode: 'serial' });

const INVITE_LINK = /https?:\/\/\S+\/register\?invitation=[A-Za-z0-9_-]+/;
const RESET_LINK = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/;

let admin: string;
test.beforeAll(async ({ request }) => {
  admin = await ensureFirstAdmin(request);
});
test.afterEach(async () => {
  // Whatever happened, the next test finds the mail server up.
  await startSmtp();
});

function lastMailTo(email: string) {
  const mails = allMail().filter((m) => m.to.includes(email));
  return mails[mails.length - 1]!;
}

test('the invitation and reset e-mails arrive in Spanish, as HTML and text, and their links work', async ({
  page,
  browser,
}) => {
  const email = `correo.${Date.now()}@example.org`;
  await login(page, admin);
  await page.goto('/admin/invitations');
  await page.getByLabel('Emails (uno por línea)').fill(email);
  await page.getByLabel('Rol', { exact: true }).selectOption('scouter');
  await page.getByRole('button', { name: 'Enviar Invitaciones' }).click();
  await expect(page.getByText('Se envió 1 invitación.')).toBeVisible();

  const link = await waitForMailLink(email, INVITE_LINK);
  const invitation = lastMailTo(email);
  expect(invitation.subject).toBe(`Invitación a ${E2E.groupName}`);
  expect(invitation.text).toContain(`la web de ${E2E.groupName} con el rol Scouter`);
  expect(invitation.text).toContain('La invitación es válida durante 7 días.');
  expect(invitation.html).toContain('<html lang="es">');
  expect(invitation.html).toContain(`href="${link}"`);

  const guest = await (await browser.newContext()).newPage();
  await guest.goto(pathOf(link));
  await expect(guest.getByRole('heading', { name: 'Completar Registro' })).toBeVisible();
  await guest.getByLabel('Tu Nombre').fill('Rosa Correo');
  await guest.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await guest.getByLabel('Confirmar Contraseña').fill(PASSWORD);
  await guest.getByRole('button', { name: /registr/i }).click();
  await expect(guest.getByText('¡Registro completado!')).toBeVisible();

  // The reset e-mail, asked for from the forgot-password page.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/forgot-password');
  await visitor.getByLabel('Email').fill(email);
  await visitor.getByRole('button', { name: 'Enviar Enlace de Restablecimiento' }).click();
  await expect(visitor.getByText(SERVER_SUCCESS.forgotPassword)).toBeVisible();
  const resetLink = await waitForMailLink(email, RESET_LINK);
  const reset = lastMailTo(email);
  expect(reset.subject).toBe(`Restablece tu contraseña de ${E2E.groupName}`);
  expect(reset.text).toContain('El enlace es válido durante 1 hora');
  expect(reset.html).toContain(`href="${resetLink}"`);
  await visitor.goto(pathOf(resetLink));
  await visitor.getByLabel('Nueva Contraseña', { exact: true }).fill('otra-clave-99');
  await visitor.getByLabel('Confirmar Nueva Contraseña').fill('otra-clave-99');
  await visitor.getByRole('button', { name: 'Restablecer Contraseña' }).click();
  await expect(visitor).toHaveURL(/\/login$/, { timeout: 10_000 });
  await login(visitor, email, 'otra-clave-99');
});

test('with the mail server down the invitation is kept, the admin is warned and resends it', async ({
  page,
  browser,
}) => {
  const email = `sin.correo.${Date.now()}@example.org`;
  await login(page, admin);
  await page.goto('/admin/invitations');
  await stopSmtp();

  await page.getByLabel('Emails (uno por línea)').fill(email);
  await page.getByRole('button', { name: 'Enviar Invitaciones' }).click();
  const warning = page.locator('.alert-warning');
  await expect(warning).toContainText(SERVER_SUCCESS.invitationsNotMailed([email]));
  await expect(warning).toContainText(`${email}: ${SERVER_ERRORS.invitationMailFailed}`);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Pendiente');
  await shoot(page, 'admin-mail-warning');

  // Still down: resending says so, and the invitation stays.
  await row.getByRole('button', { name: `Reenviar la invitación a ${email}` }).click();
  await expect(page.getByRole('alert')).toContainText(SERVER_ERRORS.invitationResendFailed);
  await expect(row).toContainText('Pendiente');

  // Back up: the resend goes out and its link registers.
  await startSmtp();
  await row.getByRole('button', { name: `Reenviar la invitación a ${email}` }).click();
  await expect(page.getByText(SERVER_SUCCESS.invitationResent(email))).toBeVisible();
  await shoot(page, 'admin-resend');
  const link = await waitForMailLink(email, INVITE_LINK);
  const guest = await (await browser.newContext()).newPage();
  await guest.goto(pathOf(link));
  await expect(guest.getByRole('heading', { name: 'Completar Registro' })).toBeVisible();
  await expect(guest.getByText(email)).toBeVisible();
});
