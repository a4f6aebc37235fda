import type { Locator, Page } from '@playwright/test';
import {
  apiToken,
  canvasJpeg,
  createMember,
  firstAdminToken,
  login,
  openDrawer,
} from './support/app.js';
import { E2E } from './support/env.js';
import { expect, test } from './support/fixtures.js';
import { waitForMailLink } from './support/mail.js';
import { screen, screenFile } from './support/shots.js';

// Every screen right on a phone. Each screen is saved at 375 and 1280 px in
// e2e/.output/screens on every run, and what can be measured is checked.
// (Named to run after the specs that need an empty landing or /whoweare.)
test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
let scouter: { email: string; name: string };

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The characters just before each line break inside `locator`'s text (none: one line). */
async function charsBeforeBreaks(locator: Locator) {
  return locator.evaluate((element) => {
    const before: string[] = [];
    let lastTop: number | null = null;
    let previous = '';
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i += 1) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getClientRects()[0];
        if (!rect || rect.width === 0) continue;
        if (lastTop !== null && rect.top > lastTop + 2) before.push(previous);
        lastTop = rect.top;
        previous = text[i]!;
      }
    }
    return before;
  });
}

/** Fails when the page is wider than the phone's screen (something cut off on the right). */
async function expectNoSideScroll(page: Page, where: string) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect.soft(width, `${where}: el ancho de la página a 375 px`).toBeLessThanOrEqual(375);
}

test.beforeAll(async ({ request }) => {
  await firstAdminToken(request);
  scouter = await createMember(request, E2E.firstAdminEmail, 'scouter', 'Sara Pantallas');
});

test('the drawer of a visitor on a phone: Spanish entries, no strip of the page beside it', async ({
  page,
}) => {
  await page.goto('/news');
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    const drawer = await openDrawer(page);
    await expect(drawer.getByRole('link', { name: 'Iniciar Sesión' })).toHaveAttribute(
      'href',
      '/login',
    );
    await expect(drawer.getByRole('link', { name: 'Login' })).toHaveCount(0);
    await expect(drawer).toHaveCSS('transform', 'none');
    if (width === 375) {
      // The open drawer covers the phone's whole width: no strip of the dark backdrop beside it.
      const box = (await drawer.boundingBox())!;
      expect.soft(box.x).toBe(0);
      expect
        .soft(box.x + box.width, 'el menú cubre el ancho del teléfono')
        .toBeGreaterThanOrEqual(375);
      // Its edge was a translucent border: the dark backdrop showed through it as a strip.
      // (Bootstrap's drawer stylesheet comes with the drawer: wait for it, then look.)
      await expect(drawer).toHaveCSS('position', 'fixed');
      await page.waitForLoadState('networkidle');
      await expect.soft(drawer).toHaveCSS('border-right-width', '0px');
    }
    await page.screenshot({ path: screenFile('drawer-visitor', width) });
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  }
});

test('the administration panel on a phone: rows as cards, addresses broken only at @ and .', async ({
  page,
  request,
}) => {
  const token = await firstAdminToken(request);
  const emails = [`familia.nueva.${stamp}@example.org`, `otra.familia.larga.${stamp}@example.org`];
  const sent = await request.post('/api/invitations', {
    headers: auth(token),
    data: { invitations: emails.map((email) => ({ email, role: 'usuario' })) },
  });
  expect(sent.status()).toBe(200);

  await login(page, E2E.firstAdminEmail);
  await page.goto('/admin/invitations');
  await expect(page.getByRole('heading', { name: 'Invitaciones Enviadas' })).toBeVisible();
  const invitations = page.locator('section[aria-labelledby="invitations-title"]');
  const users = page.locator('section[aria-labelledby="users-title"]');
  await expect(invitations.getByText(emails[0]!, { exact: true })).toBeVisible();
  await screen(page, 'admin-panel');

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(invitations.getByText(emails[0]!, { exact: true })).toBeVisible();
  await expectNoSideScroll(page, '/admin/invitations');
  // Each invitation and each user reads as a card: label, then value; the actions in reach.
  const row = invitations.locator('tr').filter({ hasText: emails[0]! });
  await expect(row).toHaveCSS('display', 'block');
  for (const name of [
    `Reenviar la invitación a ${emails[0]}`,
    `Revocar la invitación a ${emails[0]}`,
  ]) {
    const button = (await invitations.getByRole('button', { name }).boundingBox())!;
    expect.soft(button.x + button.width, name).toBeLessThanOrEqual(375);
  }
  const userRow = users.locator('tr').filter({ hasText: scouter.email });
  await expect(userRow).toHaveCSS('display', 'block');
  const remove = (await users
    .getByRole('button', { name: `Eliminar a ${scouter.name}` })
    .boundingBox())!;
  expect.soft(remove.x + remove.width).toBeLessThanOrEqual(375);
  // Addresses wrap only after an '@' or a '.'.
  for (const [section, email] of [
    [invitations, emails[0]!],
    [invitations, emails[1]!],
    [users, scouter.email],
  ] as const) {
    const cell = section.getByText(email, { exact: true });
    for (const char of await charsBeforeBreaks(cell)) {
      expect.soft(['@', '.'], `${email} se corta tras «${char}»`).toContain(char);
    }
  }

  // The activity log's sentences too.
  const logged = page
    .locator('section[aria-labelledby="audit-title"] li')
    .filter({ hasText: emails[0]! })
    .getByText(emails[0]!, { exact: true });
  for (const char of await charsBeforeBreaks(logged)) {
    expect.soft(['@', '.'], `${emails[0]} en el registro se corta tras «${char}»`).toContain(char);
  }

  // On a laptop the tables stay tables.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(row).toHaveCSS('display', 'table-row');
  await expect(invitations.getByRole('columnheader', { name: 'Email' })).toBeVisible();
  await expect(users.getByRole('columnheader', { name: 'Email' })).toBeVisible();
});

test('registration: the invited address on one line on a laptop', async ({ page, request }) => {
  const email = `familia.larga.${stamp}@example.org`;
  const sent = await request.post('/api/invitations', {
    headers: auth(await firstAdminToken(request)),
    data: { invitations: [{ email, role: 'usuario' }] },
  });
  expect(sent.status()).toBe(200);
  const link = await waitForMailLink(email, /https?:\/\/\S+\/register\?invitation=[A-Za-z0-9_-]+/);
  await page.goto(new URL(link).pathname + new URL(link).search);
  const shown = page.getByText(email, { exact: true });
  await expect(shown).toBeVisible();
  expect.soft(await charsBeforeBreaks(shown), 'la dirección en una línea').toEqual([]);
  await screen(page, 'register');
  await page.setViewportSize({ width: 375, height: 800 });
  for (const char of await charsBeforeBreaks(shown)) {
    expect.soft(['@', '.'], `${email} se corta tras «${char}»`).toContain(char);
  }
});

test('the album grid shows whole photos in their proportions; the detail names each photo', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const headers = auth(await apiToken(page.request, scouter.email));
  const jpeg = async (w: number, h: number, seed: number) => ({
    name: `foto-${seed}.jpg`,
    mimeType: 'image/jpeg',
    buffer: await canvasJpeg(page, w, h, seed),
  });
  const title = `Acampada ${stamp % 1000}`;
  const created = await page.request.post('/api/albums/newAlbum', {
    headers,
    multipart: { title, publish: 'true', cover: await jpeg(800, 600, 3) },
  });
  expect(created.status()).toBe(201);
  const albumId = ((await created.json()) as { album: { id: number } }).album.id;
  const sizes = [
    [800, 600, 'Fuego de campamento'],
    [600, 900, null],
    [1200, 500, null],
    [700, 700, null],
    [900, 600, null],
  ] as const;
  for (const [i, [w, h, caption]] of sizes.entries()) {
    const up = await page.request.post('/api/photos/upload', {
      headers,
      multipart: {
        albumId: String(albumId),
        images: await jpeg(w, h, 40 + i),
        ...(caption ? { captions: JSON.stringify([caption]) } : {}),
      },
    });
    expect(up.status()).toBe(201);
  }

  // The grid's order is the API's; each photo keeps the proportions it was uploaded with.
  const listed = await page.request.get(`/api/photos/album/${albumId}`, { headers });
  expect(listed.status()).toBe(200);
  const photos = (await listed.json()) as { width: number; height: number }[];
  expect(photos.map((p) => (p.width / p.height).toFixed(2)).sort()).toEqual(
    sizes.map(([w, h]) => (w / h).toFixed(2)).sort(),
  );

  await login(page, scouter.email);
  await page.goto(`/album/${albumId}`);
  const tiles = page.locator('button[aria-label^="Ver foto"]');
  await expect(tiles).toHaveCount(sizes.length);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.evaluate(() => window.scrollTo(0, 0));
    for (const [i, { width: w, height: h }] of photos.entries()) {
      // The grid draws only the rows near the screen (decision 038): scroll to each photo.
      const tile = page.getByRole('button', { name: new RegExp(`^Ver foto ${i + 1}(:|$)`) });
      for (let step = 0; step < 20 && (await tile.count()) === 0; step += 1) {
        await page.evaluate(() => window.scrollBy(0, 300));
      }
      const box = (await tile.locator('.media-box').boundingBox())!;
      expect
        .soft(box.width / box.height, `foto ${i + 1} a ${width} px: ${w}×${h}`)
        .toBeCloseTo(w / h, 1);
    }
    if (width === 375) await expectNoSideScroll(page, '/album');
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.locator('img.media-box-image.is-loaded')).toHaveCount(sizes.length);
  await screen(page, 'album-grid');

  // Keyboard: the second photo opens from its tile.
  await tiles.nth(1).focus();
  await page.keyboard.press('Enter');
  const detail = page.getByRole('dialog', { name: 'Detalle de Foto' });
  await expect(detail.getByRole('img', { name: `${title}, foto 2 de 5` })).toBeVisible();
  await screen(page, 'photo-detail');
  await detail.getByRole('button', { name: 'Cerrar' }).click();
  await expect(detail).toBeHidden();
  await page.getByRole('button', { name: /^Ver foto \d: Fuego de campamento$/ }).click();
  await expect(detail.getByRole('img', { name: 'Fuego de campamento' })).toBeVisible();
});

test("gallery cards: no 'Mostrar más' that would reveal a final full stop", async ({ page }) => {
  const headers = auth(await apiToken(page.request, scouter.email));
  // 80 characters are shown; this one has 81, the last a full stop.
  const description =
    'Una tarde de juegos en el bosque con las familias y los scouters del grupo scout.';
  expect(description).toHaveLength(81);
  const title = `Tarde de juegos ${stamp % 1000}`;
  const created = await page.request.post('/api/albums/newAlbum', {
    headers,
    multipart: {
      title,
      description,
      publish: 'true',
      cover: { name: 'p.jpg', mimeType: 'image/jpeg', buffer: await canvasJpeg(page, 400, 300) },
    },
  });
  expect(created.status()).toBe(201);
  await login(page, scouter.email);
  await page.goto('/gallery');
  const card = page.locator('.album-card').filter({ hasText: title });
  await expect(card.getByText(description, { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Mostrar más' })).toHaveCount(0);
  await screen(page, 'gallery');
});

test('/whoweare on a phone: small portraits beside each scouter', async ({ page, request }) => {
  const token = await firstAdminToken(request);
  const portrait = await canvasJpeg(page, 600, 800, 9);
  for (const name of ['Lucía Portrait', 'Mario Portrait', 'Nerea Portrait']) {
    const res = await request.post('/api/monitors', {
      headers: auth(token),
      multipart: {
        name,
        role_description: 'Scouter de Manada',
        description: 'Acompaña a la manada en sus salidas de fin de semana.',
        image: { name: 'p.jpg', mimeType: 'image/jpeg', buffer: portrait },
      },
    });
    expect(res.status()).toBe(201);
  }
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/whoweare');
  const card = page.getByRole('article', { name: 'Lucía Portrait' });
  await expect(card).toBeVisible();
  const photo = (await card.getByRole('img', { name: /Lucía Portrait/ }).boundingBox())!;
  expect.soft(photo.height, 'la foto de un scouter a 375 px').toBeLessThanOrEqual(140);
  const cardBox = (await card.boundingBox())!;
  expect.soft(cardBox.height, 'la tarjeta de un scouter a 375 px').toBeLessThanOrEqual(260);
  await expectNoSideScroll(page, '/whoweare');
  await screen(page, 'whoweare');
});

test('news and experience detail: the like message of a visitor does not move the button', async ({
  page,
  request,
}) => {
  const headers = auth(await apiToken(request, scouter.email));
  const image = { name: 'n.jpg', mimeType: 'image/jpeg', buffer: await canvasJpeg(page, 800, 600) };
  const news = await request.post('/api/news', {
    headers,
    multipart: {
      title: 'Noticia del botón',
      description: 'Un resumen.',
      content: 'El texto.',
      image,
    },
  });
  expect(news.status()).toBe(201);
  const newsId = ((await news.json()) as { news: { id: number } }).news.id;
  const experience = await request.post('/api/experiences', {
    headers,
    multipart: {
      title: 'Experiencia del botón',
      description: 'Una ruta.',
      category: 'ruta',
      image,
    },
  });
  expect(experience.status()).toBe(201);
  const experienceId = ((await experience.json()) as { experience: { id: number } }).experience.id;

  for (const [path, name] of [
    [`/news/${newsId}`, 'news-detail-like'],
    [`/experience/${experienceId}`, 'experience-detail-like'],
  ] as const) {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(path);
      const like = page.getByRole('button', { name: 'Me gusta: 0' });
      await expect(like).toBeVisible();
      await expect(page.locator('img.media-box-image.is-loaded').first()).toBeVisible();
      const before = (await like.boundingBox())!;
      await like.click();
      const message = page.getByRole('alert').filter({
        hasText: "Necesitas iniciar sesión para dar 'Me gusta'.",
      });
      await expect(message).toBeVisible();
      const after = (await like.boundingBox())!;
      expect.soft(after, `${path} a ${width} px`).toEqual(before);
      const shown = (await message.boundingBox())!;
      expect.soft(shown.x).toBeGreaterThanOrEqual(0);
      expect.soft(shown.x + shown.width).toBeLessThanOrEqual(width);
      if (width === 375) await expectNoSideScroll(page, path);
      await page.screenshot({ path: screenFile(name, width), fullPage: true });
    }
  }
});
