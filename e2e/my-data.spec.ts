import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { expectAccessible } from './support/a11y.js';
import {
  apiToken,
  createMember,
  firstAdminToken,
  login,
  PASSWORD,
  PNG_1PX,
  signInThroughProvider,
} from './support/app.js';
import { setProviderAccount } from './support/control.js';
import { E2E } from './support/env.js';
import { expect, test } from './support/fixtures.js';
import { shoot } from './support/shots.js';

// The member's own data (decision 023), and deleting one's own account.
test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
let member: { email: string; name: string };
let other: { email: string; name: string };
let newsId = 0;
let newsTitle = '';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function comment(request: APIRequestContext, email: string, text: string) {
  const res = await request.post(`/api/news/${newsId}/comments`, {
    headers: auth(await apiToken(request, email)),
    data: { comment_text: text },
  });
  expect(res.status()).toBe(201);
}

async function newsCounts(request: APIRequestContext) {
  const res = await request.get(`/api/news/${newsId}`);
  const body = (await res.json()) as { likes_count: number; comments_count: number };
  return [body.likes_count, body.comments_count];
}

test.beforeAll(async ({ request }) => {
  const admin = await firstAdminToken(request);
  member = await createMember(request, E2E.firstAdminEmail, 'usuario', 'Irene Familia');
  other = await createMember(request, E2E.firstAdminEmail, 'usuario', 'Pablo Vecino');
  newsTitle = `Fuego de campamento ${stamp}`;
  const res = await request.post('/api/news', {
    headers: auth(admin),
    multipart: {
      title: newsTitle,
      description: 'Resumen.',
      content: 'Texto.',
      image: { name: 'foto.png', mimeType: 'image/png', buffer: PNG_1PX },
    },
  });
  expect(res.status()).toBe(201);
  newsId = ((await res.json()) as { news: { id: number } }).news.id;
  await comment(request, member.email, `Comentario de Irene ${stamp}`);
  await comment(request, other.email, `Comentario de Pablo ${stamp}`);
  const like = await request.post(`/api/news/${newsId}/like`, {
    headers: auth(await apiToken(request, member.email)),
  });
  expect(like.status()).toBe(201);
});

test('«Descargar mis datos» saves a dated JSON file with the member’s data and no one else’s', async ({
  page,
}) => {
  await login(page, member.email);
  await page.goto('/profile/edit');
  const section = page.getByTestId('my-data');
  await expect(section.getByRole('heading', { name: 'Tus datos y tu cuenta' })).toBeVisible();
  await expectAccessible(page, "'Editar Perfil' con «Tus datos y tu cuenta»");
  await shoot(page, 'my-data-profile');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'Descargar mis datos' }).click(),
  ]);
  const today = new Date().toISOString().slice(0, 10);
  expect(download.suggestedFilename()).toBe(`fogata-mis-datos-${today}.json`);
  const text = readFileSync((await download.path())!, 'utf8');
  const data = JSON.parse(text) as {
    account: { email: string; name: string; sign_in: string };
    likes: { target_type: string; target_id: number; target_title: string }[];
    comments: { comment_text: string; target_title: string }[];
    removal_requests: unknown[];
    invitations: { received: { email: string; role: string } | null; sent: unknown[] };
  };
  expect(data.account).toMatchObject({
    email: member.email,
    name: 'Irene Familia',
    sign_in: 'password',
  });
  expect(data.likes).toEqual([
    expect.objectContaining({ target_type: 'news', target_id: newsId, target_title: newsTitle }),
  ]);
  expect(data.comments.map((c) => [c.comment_text, c.target_title])).toEqual([
    [`Comentario de Irene ${stamp}`, newsTitle],
  ]);
  expect(data.removal_requests).toEqual([]);
  expect(data.invitations.received).toMatchObject({ email: member.email, role: 'usuario' });
  expect(data.invitations.sent).toEqual([]);
  for (const absent of ['password_hash', 'token_hash', other.email, 'Pablo', PASSWORD]) {
    expect(text).not.toContain(absent);
  }
  await expect(
    section.getByText('Descarga lista: revisa la carpeta de descargas de tu navegador.'),
  ).toBeVisible();
});

test('«Eliminar mi cuenta»: a wrong password is refused under the field; the right one deletes, signs out, and the old session is gone', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, member.email);
  expect(await newsCounts(request)).toEqual([1, 2]);
  await login(page, member.email);
  await page.goto('/profile/edit');
  await page.getByTestId('my-data').getByRole('button', { name: 'Eliminar mi cuenta' }).click();
  const dialog = page.getByRole('dialog', { name: '¿Eliminar tu cuenta?' });
  await expect(dialog).toBeVisible();
  await expect(
    dialog.getByText(
      'Se borran tu cuenta, tus «me gusta» y todos tus comentarios: los comentarios se eliminan, no se quedan como anónimos.',
    ),
  ).toBeVisible();
  await expectAccessible(page, 'la confirmación de «Eliminar mi cuenta»');
  await shoot(page, 'my-data-delete-confirmation');

  const password = dialog.getByLabel('Contraseña');
  await password.fill('no-es-la-buena');
  await dialog.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
  await expect(dialog.getByText('La contraseña no es correcta.')).toBeVisible();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(`${E2E.baseURL}/profile/edit`);

  await password.fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
  await expect(page).toHaveURL(`${E2E.baseURL}/`);
  await expect(
    page.getByText(
      'Tu cuenta se ha eliminado, junto con tus comentarios y tus «me gusta». Hasta pronto.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Iniciar Sesión' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  await shoot(page, 'my-data-account-deleted');

  // The session the member had elsewhere is refused at once; signing in fails.
  const me = await request.get('/api/profile/me', { headers: auth(token) });
  expect(me.status()).toBe(401);
  expect(await me.json()).toEqual({ message: 'Sesión expirada o inválida.' });
  const again = await request.post('/api/auth/login', {
    data: { email: member.email, password: PASSWORD },
  });
  expect(again.status()).toBe(401);
  await page.goto('/login');
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page.getByText('Email o contraseña incorrectos.')).toBeVisible();

  // Their comment and like are gone; the other member's comment stays.
  expect(await newsCounts(request)).toEqual([0, 1]);
  await page.goto(`/news/${newsId}`);
  await expect(page.getByText(`Comentario de Pablo ${stamp}`)).toBeVisible();
  await expect(page.getByText(`Comentario de Irene ${stamp}`)).toHaveCount(0);
});

test('an account without a password confirms the deletion with a fresh Google sign-in', async ({
  page,
  request,
}) => {
  const email = `solo.google.${stamp}@example.org`;
  const sent = await request.post('/api/invitations', {
    data: { invitations: [{ email, role: 'usuario' }] },
    headers: auth(await apiToken(request, E2E.firstAdminEmail)),
  });
  expect(sent.status()).toBe(200);
  await setProviderAccount(email, { name: 'Nerea Desde Google' });
  await page.goto('/login');
  await signInThroughProvider(page, 'Continuar con Google', email, true);
  await expect(page.getByText('¡Registro completado!')).toBeVisible();

  await page.goto('/profile/edit');
  await page.getByTestId('my-data').getByRole('button', { name: 'Eliminar mi cuenta' }).click();
  const dialog = page.getByRole('dialog', { name: '¿Eliminar tu cuenta?' });
  // A password is no use: the account has none.
  await dialog.getByLabel('Contraseña').fill('lo-que-sea');
  await dialog.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
  await expect(
    dialog.getByText(
      'Tu cuenta no tiene contraseña: confirma con «Confirmar con Google» (un inicio de sesión nuevo).',
    ),
  ).toBeVisible();

  // The provider remembers the person: the popup comes back by itself with a fresh ID token.
  await signInThroughProvider(page, 'Confirmar con Google', email, false);
  await expect(page).toHaveURL(`${E2E.baseURL}/`);
  await expect(
    page.getByText(
      'Tu cuenta se ha eliminado, junto con tus comentarios y tus «me gusta». Hasta pronto.',
    ),
  ).toBeVisible();
  // Gone: signing in with Google again needs a new invitation.
  const token = await request.post('/api/auth/login', { data: { email, password: 'lo-que-sea' } });
  expect(token.status()).toBe(401);
  const admin = await apiToken(request, E2E.firstAdminEmail);
  const users = (await (
    await request.get('/api/admin/users', { headers: auth(admin) })
  ).json()) as { email: string }[];
  expect(users.some((u) => u.email === email)).toBe(false);
});
