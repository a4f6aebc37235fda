import { CLIENT_ERRORS, SERVER_ERRORS } from '@fogata/shared';
import type { Page } from '@playwright/test';
import { apiToken, openDrawer, signInThroughProvider, watchForText } from './support/app.js';
import { ensureFirstAdmin, setProviderAccount } from './support/control.js';
import { E2E } from './support/env.js';
import { expect, test } from './support/fixtures.js';
import { shoot, takingShots } from './support/shots.js';

// Sign-in through a real OpenID provider (oidc-provider on 127.0.0.1, its own login page and
// keys) in a real popup: the server trusts it through OIDC_ISSUER / OIDC_CLIENT_ID.
test.describe.configure({ mode: 'serial' });

let admin: string;
test.beforeAll(async ({ request }) => {
  admin = await ensureFirstAdmin(request);
});

/**
 * Clicks 'Continuar con Google' and, when the provider asks (no session there yet), signs in as
 * `email` on its page in the popup, which then hands the token over and closes itself.
 */
function signInWithProvider(page: Page, email: string, expectLoginPage = true) {
  return signInThroughProvider(page, 'Continuar con Google', email, expectLoginPage);
}

async function invite(
  request: import('@playwright/test').APIRequestContext,
  email: string,
  role: string,
) {
  const token = await apiToken(request, admin);
  const res = await request.post('/api/invitations', {
    data: { invitations: [{ email, role }] },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
}

test('an invited person signs in with Google in the popup and arrives logged in', async ({
  page,
  request,
}) => {
  const email = `google.${Date.now()}@example.org`;
  await invite(request, email, 'scouter');
  await setProviderAccount(email, { name: 'Lucía Desde Google' });

  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Continuar con Google' })).toBeVisible();
  await shoot(page, 'login-google');
  let release = () => {};
  if (takingShots) {
    // Hold the exchange long enough to capture 'Verificando con el servidor...'.
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/auth/google', async (route) => {
      await held;
      await route.continue();
    });
  }
  await signInWithProvider(page, email);
  if (takingShots) {
    await expect(
      page.getByRole('button', { name: 'Verificando con el servidor...' }),
    ).toBeVisible();
    await shoot(page, 'login-verifying');
    release();
  }
  await expect(page.getByText('¡Registro completado!')).toBeVisible();
  await expect(page).toHaveURL(`${E2E.baseURL}/`);
  const drawer = await openDrawer(page);
  await expect(drawer.getByText('Lucía Desde Google')).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Galería' })).toBeVisible();

  // In the admin's list, the invitation is now accepted.
  const token = await apiToken(request, admin);
  const list = await request.get('/api/invitations', {
    headers: { Authorization: `Bearer ${token}` },
  });
  const mine = ((await list.json()) as { email: string; status: string }[]).find(
    (i) => i.email === email,
  );
  expect(mine?.status).toBe('accepted');
});

test('Google sign-in goes back to the protected page the user was going to', async ({
  page,
  request,
}) => {
  const email = `vuelta.${Date.now()}@example.org`;
  await invite(request, email, 'usuario');
  await setProviderAccount(email, { name: 'Pablo Vuelta' });
  await page.goto('/profile/edit');
  await expect(page).toHaveURL(/\/login$/);
  await signInWithProvider(page, email);
  await expect(page).toHaveURL(`${E2E.baseURL}/profile/edit`);
  await expect(page.getByRole('heading', { name: 'Editar Perfil' })).toBeVisible();

  // Signed out, the next Google sign-in finds the account.
  const drawer = await openDrawer(page);
  await drawer.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The provider remembers the person (like Google does): the popup comes straight back.
  const welcomed = await watchForText(page, 'Inicio de sesión exitoso.');
  await signInWithProvider(page, email, false);
  await welcomed();
});

test("closing the popup says 'Ventana de inicio de sesión cerrada.'", async ({ page }) => {
  await page.goto('/login');
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continuar con Google' }).click();
  const popup = await popupOpened;
  await popup.waitForURL(new RegExp(`^${E2E.oidcIssuer}/interaction/`));
  await popup.close();
  await expect(page.getByRole('alert')).toHaveText(CLIENT_ERRORS.externalPopupClosed);
  await expect(page.getByRole('button', { name: 'Continuar con Google' })).toBeEnabled();
  await shoot(page, 'login-popup-closed');
});

test('the callback page opened on its own hands nothing over', async ({ page }) => {
  const res = await page.goto('/auth/callback#id_token=robado&state=cualquiera');
  // The popup must keep its opener after coming back from the provider's origin.
  expect(res?.headers()['cross-origin-opener-policy']).toBe('unsafe-none');
  await expect(page.getByRole('alert')).toHaveText(CLIENT_ERRORS.externalFailed);
  await expect(page).toHaveURL(`${E2E.baseURL}/auth/callback`);
  await shoot(page, 'callback-alone');
});

test('an address with no account and no invitation is refused', async ({ page }) => {
  await page.goto('/login');
  await signInWithProvider(page, `desconocido.${Date.now()}@example.org`);
  await expect(page.getByRole('alert')).toHaveText(SERVER_ERRORS.externalInvitationRequired);
  await expect(page).toHaveURL(/\/login$/);
});

test('an unverified address is refused even with an invitation', async ({ page, request }) => {
  const email = `sinverificar.${Date.now()}@example.org`;
  await invite(request, email, 'usuario');
  await setProviderAccount(email, { emailVerified: false });
  await page.goto('/login');
  await signInWithProvider(page, email);
  await expect(page.getByRole('alert')).toHaveText(SERVER_ERRORS.externalEmailUnverified);
});
