import { DIGEST_MESSAGES } from '@fogata/shared';
import type { APIRequestContext } from '@playwright/test';
import { createMember, firstAdminToken, login, PNG_1PX } from './support/app.js';
import { E2E } from './support/env.js';
import { expect, test } from './support/fixtures.js';
import { allMail, pathOf, waitForMailLink } from './support/mail.js';
import { shoot } from './support/shots.js';

// The digest (decision 022) through the real SMTP receiver. The e2e server
// checks every second from 00:00 (global-setup), so a member's first digest leaves as soon as
// something is new after they joined.
test.describe.configure({ mode: 'serial' });

const png = { name: 'foto.png', mimeType: 'image/png', buffer: PNG_1PX };
const UNSUBSCRIBE_LINK = /https?:\/\/\S+\/unsubscribe\?token=\d+\.[A-Za-z0-9_-]+/;

type Multipart = Record<string, string | typeof png>;

async function post(request: APIRequestContext, token: string, url: string, multipart: Multipart) {
  const res = await request.post(url, { headers: { Authorization: `Bearer ${token}` }, multipart });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

test('new content arrives in one Spanish digest; its link unsubscribes without signing in and the profile then reads Nunca', async ({
  page,
  browser,
  request,
}) => {
  const stamp = Date.now();
  const admin = await firstAdminToken(request);
  const member = await createMember(request, E2E.firstAdminEmail, 'usuario', 'Nora Resumen');

  // A new member reads 'Cada semana' in 'Editar Perfil'.
  await login(page, member.email);
  await page.goto('/profile/edit');
  await expect(
    page.getByRole('heading', { name: 'Resumen de novedades por correo' }),
  ).toBeVisible();
  await expect(page.getByLabel('Cada semana')).toBeChecked();
  await shoot(page, 'digest-profile');

  const newsTitle = `Reunión de familias ${stamp}`;
  const draftTitle = `Borrador sin revisar ${stamp}`;
  const news = await post(request, admin, '/api/news', {
    title: newsTitle,
    description: 'El sábado hablamos del campamento.',
    content: 'Os esperamos en el local a las 11.',
    image: png,
  });
  await post(request, admin, '/api/albums/newAlbum', {
    title: draftTitle,
    publish: 'false',
    cover: png,
  });

  const link = await waitForMailLink(member.email, UNSUBSCRIBE_LINK, 20_000);
  const digests = allMail().filter(
    (m) => m.to.includes(member.email) && m.subject === `Novedades en ${E2E.groupName}`,
  );
  expect(digests).toHaveLength(1);
  const [digest] = digests;
  expect(digest!.text).toContain('Hola, Nora Resumen:');
  expect(digest!.text).toContain(`Noticias:\n- ${newsTitle}: ${E2E.baseURL}/news/${news.news.id}`);
  expect(digest!.text).not.toContain(draftTitle);
  expect(digest!.html).toContain('<html lang="es">');
  expect(digest!.html).toContain(`href="${E2E.baseURL}/news/${news.news.id}"`);
  expect(digest!.html).toContain(`href="${link}"`);

  // Opened in a browser without a session: unsubscribed at once, and told so in Spanish.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(pathOf(link));
  await expect(visitor.getByRole('heading', { name: 'Darse de baja' })).toBeVisible();
  await expect(visitor.getByText(DIGEST_MESSAGES.unsubscribed)).toBeVisible();
  await shoot(visitor, 'digest-unsubscribed');

  await page.goto('/profile/edit');
  await expect(page.getByLabel('Nunca')).toBeChecked();
  await expect(page.getByLabel('Cada semana')).not.toBeChecked();

  // A forged link says so, in Spanish.
  await visitor.goto(pathOf(link).replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')));
  await expect(visitor.getByText(DIGEST_MESSAGES.unsubscribeInvalid)).toBeVisible();
});
