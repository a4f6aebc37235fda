import type { APIRequestContext, Page } from '@playwright/test';
import { canvasJpeg, firstAdminToken, login, openDrawer } from './support/app.js';
import { E2E } from './support/env.js';
import { expect, test } from './support/fixtures.js';

// The public pages come from the server drawn by React, with their content in the HTML, and the
// browser hydrates them. Read with JavaScript off, and watched for any hydration complaint at a
// phone's and a desktop's width. Other specs share this server, so each test makes what it needs.
test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
let adminToken: string;
let newsId: number;
let experienceId: number;
const newsTitle = `Acampada servida ${stamp}`;
const newsContent = `Tres días junto al río. Montamos las tiendas el viernes ${stamp}.`;
const experienceTitle = `Ruta del servidor ${stamp}`;
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

test.beforeAll(async ({ browser, request }) => {
  adminToken = await firstAdminToken(request);
  const page = await browser.newPage();
  const image = {
    name: 'foto.jpg',
    mimeType: 'image/jpeg',
    buffer: await canvasJpeg(page, 640, 360),
  };
  await page.close();
  const news = await request.post('/api/news', {
    headers: auth(adminToken),
    multipart: {
      title: newsTitle,
      description: `Resumen de «${newsTitle}».`,
      content: newsContent,
      image,
    },
  });
  expect(news.status()).toBe(201);
  newsId = ((await news.json()) as { news: { id: number } }).news.id;
  const experience = await request.post('/api/experiences', {
    headers: auth(adminToken),
    multipart: {
      title: experienceTitle,
      description: `Cómo fue «${experienceTitle}».`,
      category: 'ruta',
      image,
    },
  });
  expect(experience.status()).toBe(201);
  experienceId = ((await experience.json()) as { experience: { id: number } }).experience.id;
});

const publicPaths = () => [
  '/',
  '/news',
  `/news/${newsId}`,
  '/experiences',
  '/experiences?categoria=ruta',
  `/experience/${experienceId}`,
  '/whoweare',
];

/** The anonymous API answer of `path` (without /api). */
async function visitorAnswer<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(`/api${path}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as T;
}

/** A card's or a page's image has loaded (not only its placeholder). */
async function expectImageLoaded(page: Page, src: string) {
  const image = page.locator(`img[src="${src}"]`).first();
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
}

test('with JavaScript off, a visitor reads the landing, both lists, a news item and an experience, following links', async ({
  browser,
  request,
}) => {
  const news = await visitorAnswer<{ image_url: string; thumb_url: string | null }>(
    request,
    `/news/${newsId}`,
  );
  const experience = await visitorAnswer<{ image: string }>(
    request,
    `/experiences/${experienceId}`,
  );
  for (const width of [375, 1280]) {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width, height: 800 },
      locale: 'es-ES',
      timezoneId: 'Europe/Madrid',
    });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: E2E.groupName })).toBeVisible();
    const highlighted = page.getByRole('region', { name: 'Lo Más Destacado' });
    await expect(highlighted.getByRole('link', { name: newsTitle })).toBeVisible();

    // The landing's button to the news, then the item's card.
    await page.getByRole('link', { name: 'Noticias', exact: true }).last().click();
    await expect(page).toHaveURL(`${E2E.baseURL}/news`);
    await expect(page.getByRole('heading', { level: 1, name: 'Noticias' })).toBeVisible();
    await expect(page.getByText(`Resumen de «${newsTitle}».`)).toBeVisible();
    await page.getByRole('link', { name: newsTitle }).click();
    await expect(page).toHaveURL(`${E2E.baseURL}/news/${newsId}`);
    await expect(page.getByRole('heading', { level: 1, name: newsTitle })).toBeVisible();
    await expect(page.getByText(newsContent)).toBeVisible();
    await expect(page.locator('time').first()).toHaveText(/^\d{1,2} de \w+ de \d{4}$/);
    // The visitor's own copy of the image, as the API gives a visitor, shown in full.
    await expectImageLoaded(page, news.image_url);

    // The links for a reader without JavaScript lead to the experiences.
    await page
      .getByRole('navigation', { name: 'Secciones' })
      .getByRole('link', { name: 'Experiencias' })
      .click();
    await expect(page).toHaveURL(`${E2E.baseURL}/experiences`);
    await expect(page.getByRole('heading', { level: 1, name: 'Experiencias' })).toBeVisible();
    await page.getByRole('link', { name: experienceTitle }).click();
    await expect(page).toHaveURL(`${E2E.baseURL}/experience/${experienceId}`);
    await expect(page.getByRole('heading', { level: 1, name: experienceTitle })).toBeVisible();
    await expect(page.getByText(`Cómo fue «${experienceTitle}».`)).toBeVisible();
    await expect(page.getByText('Categoría: Rutas')).toBeVisible();
    await expectImageLoaded(page, experience.image);
    await page.getByRole('link', { name: '← Volver a las experiencias' }).click();
    await expect(page).toHaveURL(`${E2E.baseURL}/experiences`);

    await page
      .getByRole('navigation', { name: 'Secciones' })
      .getByRole('link', { name: '¿Quiénes somos?' })
      .click();
    await expect(page).toHaveURL(`${E2E.baseURL}/whoweare`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await context.close();
  }
});

test('the HTML holds the content and the visitor view only; no session reaches it', async ({
  request,
}) => {
  const html = await (
    await request.get(`/news/${newsId}`, { headers: { accept: 'text/html', ...auth(adminToken) } })
  ).text();
  expect(html).toContain(newsContent);
  const news = await visitorAnswer<{ image_url: string }>(request, `/news/${newsId}`);
  expect(html).toContain(`src="${news.image_url}"`);
  // A manager's buttons are not in anyone's HTML, whatever the request carries.
  expect(html).not.toContain('>Editar<');
  expect(html).toContain('id="fogata-state"');
});

test('every public page hydrates without a complaint, at 375 and 1280 px', async ({ browser }) => {
  for (const width of [375, 1280]) {
    const context = await browser.newContext({
      viewport: { width, height: 800 },
      locale: 'es-ES',
      timezoneId: 'Europe/Madrid',
    });
    const page = await context.newPage();
    const complaints: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') {
        complaints.push(`${message.type()}: ${message.text()}`);
      }
    });
    page.on('pageerror', (error) => complaints.push(`pageerror: ${error.message}`));
    for (const path of publicPaths()) {
      await page.goto(path);
      // React has taken the page over: the drawer's button answers.
      await openDrawer(page);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
      expect(complaints, `${path} a ${width} px`).toEqual([]);
    }
    await context.close();
  }
});

test("a signed-in reader gets their own view after the visitor's page", async ({ page }) => {
  await login(page, E2E.firstAdminEmail);
  await page.goto(`/news/${newsId}`);
  await expect(page.getByRole('heading', { level: 1, name: newsTitle })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Editar' })).toBeVisible();
});
