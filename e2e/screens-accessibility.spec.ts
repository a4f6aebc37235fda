import type { APIRequestContext } from '@playwright/test';
import { expectAccessible } from './support/a11y.js';
import {
  apiToken,
  createMember,
  firstAdminToken,
  login,
  openDrawer,
  PNG_1PX,
} from './support/app.js';
import { E2E } from './support/env.js';
import { expect, test } from './support/fixtures.js';

// Every screen, as each kind of visitor sees it, checked by axe-core against WCAG 2.1 A and AA.
// (Named to run after accounts.spec.ts, whose story begins with the first-start link.)
test.describe.configure({ mode: 'serial' });

let scouter: { email: string };
let albumId: number;

async function seedAlbum(request: APIRequestContext, token: string) {
  const headers = { Authorization: `Bearer ${token}` };
  const png = { name: 'a.png', mimeType: 'image/png', buffer: PNG_1PX };
  const created = await request.post('/api/albums/newAlbum', {
    headers,
    multipart: { title: 'Álbum accesible', description: 'Fotos de la acampada.', cover: png },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { album: { id: number } }).album.id;
  const uploaded = await request.post('/api/photos/upload', {
    headers,
    multipart: { albumId: String(id), images: png },
  });
  expect(uploaded.status()).toBe(201);
  const photoId = ((await uploaded.json()) as { uploaded: { id: number }[] }).uploaded[0]!.id;
  const commented = await request.post(`/api/photos/${photoId}/comments`, {
    headers,
    data: { comment_text: '¡Qué bonita!' },
  });
  expect(commented.status()).toBe(201);
  return id;
}

test.beforeAll(async ({ request }) => {
  await firstAdminToken(request);
  scouter = await createMember(request, E2E.firstAdminEmail, 'scouter', 'Ana Accesible');
  albumId = await seedAlbum(request, await apiToken(request, scouter.email));
});

test('public pages and the drawer of a visitor', async ({ page }) => {
  for (const [path, heading] of [
    ['/', null],
    ['/login', 'Iniciar Sesión'],
    ['/forgot-password', null],
    ['/reset-password', null],
    ['/register', null],
    ['/news', 'Noticias'],
    ['/experiences', 'Experiencias'],
    ['/whoweare', '¿Quiénes somos?'],
  ] as const) {
    await page.goto(path);
    if (heading) await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    else await expect(page.locator('main')).not.toBeEmpty();
    await expectAccessible(page, path);
  }
  await page.setViewportSize({ width: 375, height: 800 });
  await openDrawer(page);
  await expectAccessible(page, 'el menú');
});

test('the gallery of a scouter: albums, album, photo detail and the modals', async ({ page }) => {
  await login(page, scouter.email);
  await page.goto('/gallery');
  await expect(page.getByRole('link', { name: 'Álbum accesible' })).toBeVisible();
  await expectAccessible(page, '/gallery');

  await page.getByRole('button', { name: 'Crear nuevo álbum' }).click();
  await expect(page.getByRole('dialog', { name: 'Crear Nuevo Álbum' })).toBeVisible();
  await expectAccessible(page, 'el modal de crear álbum');
  await page.getByRole('button', { name: 'Cancelar' }).click();

  await page.goto(`/album/${albumId}`);
  await expect(page.getByRole('heading', { name: 'Álbum accesible' })).toBeVisible();
  await expect(page.locator('img.media-box-image')).toHaveCount(1);
  await expectAccessible(page, '/album');

  await page.getByRole('button', { name: 'Subir fotos' }).click();
  await expect(page.getByRole('dialog', { name: 'Subir Fotos' })).toBeVisible();
  await expectAccessible(page, 'el modal de subir fotos');
  await page.getByRole('button', { name: 'Cancelar' }).click();

  await page
    .getByRole('button', { name: /^Ver foto/ })
    .first()
    .click();
  const detail = page.getByRole('dialog', { name: 'Detalle de Foto' });
  await expect(detail.getByText('¡Qué bonita!')).toBeVisible();
  await expectAccessible(page, 'el detalle de foto');
});

test('the profile and the administration panel', async ({ page }) => {
  await login(page, E2E.firstAdminEmail);
  await page.goto('/profile/edit');
  await expect(page.getByRole('heading', { name: 'Editar Perfil' })).toBeVisible();
  await expectAccessible(page, '/profile/edit');
  await page.goto('/admin/invitations');
  await expect(
    page.getByRole('heading', { name: 'Gestión de Usuarios Registrados' }),
  ).toBeVisible();
  await expectAccessible(page, '/admin/invitations');
});

test('news and experiences: lists, details and modals of a visitor, a scouter and an admin', async ({
  page,
  request,
}) => {
  const headers = { Authorization: `Bearer ${await apiToken(request, scouter.email)}` };
  const png = { name: 'a.png', mimeType: 'image/png', buffer: PNG_1PX };
  const news = await request.post('/api/news', {
    headers,
    multipart: {
      title: 'Noticia para leer',
      description: 'Resumen accesible.',
      content: 'Primera línea.\nSegunda línea.',
      image: png,
    },
  });
  expect(news.status()).toBe(201);
  const newsId = ((await news.json()) as { news: { id: number } }).news.id;
  const experience = await request.post('/api/experiences', {
    headers,
    multipart: {
      title: 'Experiencia para leer',
      description: 'Una ruta accesible.',
      category: 'ruta',
      image: png,
    },
  });
  expect(experience.status()).toBe(201);
  const experienceId = ((await experience.json()) as { experience: { id: number } }).experience.id;
  for (const path of [`/api/news/${newsId}`, `/api/experiences/${experienceId}`]) {
    const res = await request.post(`${path}/comments`, {
      headers,
      data: { comment_text: '¡Muy bien!' },
    });
    expect(res.status()).toBe(201);
  }

  // A visitor.
  await page.goto('/news');
  await expect(page.getByRole('link', { name: 'Noticia para leer' })).toBeVisible();
  await expectAccessible(page, '/news con noticias');
  await page.goto(`/news/${newsId}`);
  await expect(page.getByText('¡Muy bien!')).toBeVisible();
  await expectAccessible(page, '/news/{id} de un visitante');
  await page.goto('/experiences?categoria=ruta');
  await expect(page.getByRole('link', { name: 'Experiencia para leer' })).toBeVisible();
  await expectAccessible(page, '/experiences filtrado');
  await page.goto(`/experience/${experienceId}`);
  await expect(page.getByText('¡Muy bien!')).toBeVisible();
  await expectAccessible(page, '/experience/{id} de un visitante');

  // A scouter manages in the lists.
  await login(page, scouter.email);
  await page.goto('/news');
  await expect(page.getByRole('link', { name: 'Noticia para leer' })).toBeVisible();
  await expectAccessible(page, '/news de un scouter');
  await page.getByRole('button', { name: 'Crear nueva noticia' }).click();
  await expect(page.getByRole('dialog', { name: 'Crear Nueva Noticia' })).toBeVisible();
  await expectAccessible(page, 'el modal de crear noticia');
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await page.goto(`/news/${newsId}`);
  await page.getByRole('button', { name: 'Editar' }).click();
  await expect(page.getByRole('dialog', { name: 'Editar Noticia' })).toBeVisible();
  await expectAccessible(page, 'el modal de editar noticia');
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await page.goto('/experiences');
  await expect(page.getByRole('link', { name: 'Experiencia para leer' })).toBeVisible();
  await expectAccessible(page, '/experiences de un scouter');
  await page.getByRole('button', { name: 'Crear nueva experiencia' }).click();
  await expect(page.getByRole('dialog', { name: 'Crear Nueva Experiencia' })).toBeVisible();
  await expectAccessible(page, 'el modal de crear experiencia');
  await page.getByRole('button', { name: 'Cancelar' }).click();

  // An admin edits and deletes on the experience page.
  await page.evaluate(() => localStorage.clear());
  await login(page, E2E.firstAdminEmail);
  await page.goto(`/experience/${experienceId}`);
  await page.getByRole('button', { name: 'Editar' }).click();
  await expect(page.getByRole('dialog', { name: 'Editar Experiencia' })).toBeVisible();
  await expectAccessible(page, 'el modal de editar experiencia');
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await page.getByRole('button', { name: 'Borrar' }).click();
  await expect(page.getByRole('dialog', { name: 'Eliminar experiencia' })).toBeVisible();
  await expectAccessible(page, 'la confirmación de borrar experiencia');
});

/** An experience with an image, made by the first admin, and the page it is on. */
async function seedExperience(request: APIRequestContext, title: string) {
  const headers = { Authorization: `Bearer ${await firstAdminToken(request)}` };
  const created = await request.post('/api/experiences', {
    headers,
    multipart: {
      title,
      description: 'Una ruta para medir.',
      category: 'ruta',
      image: { name: 'a.png', mimeType: 'image/png', buffer: PNG_1PX },
    },
  });
  expect(created.status()).toBe(201);
  return `/experience/${((await created.json()) as { experience: { id: number } }).experience.id}`;
}

/** WCAG's contrast ratio of a computed `rgb(…)` text colour on a computed `rgb(…)` background. */
function contrastRatio(color: string, background: string) {
  const luminance = (css: string) => {
    const [r, g, b] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((c) => {
      const v = Number(c) / 255;
      return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [luminance(color), luminance(background)].sort((a, b) => b - a) as [
    number,
    number,
  ];
  return (hi + 0.05) / (lo + 0.05);
}

test('axe measures a dialog once its fade has ended: the delete confirmation right after a cancelled edit, motion slowed down', async ({
  page,
  request,
}) => {
  const path = await seedExperience(request, 'Experiencia que se desvanece');
  // Motion on (the other tests ask for less) and ten times slower, so that the confirmation is
  // still fading in when it first counts as visible, as it sometimes was on a loaded machine.
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await login(page, E2E.firstAdminEmail);
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Experiencia que se desvanece' })).toBeVisible();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Animation.enable');
  await cdp.send('Animation.setPlaybackRate', { playbackRate: 0.1 });

  await page.getByRole('button', { name: 'Editar' }).click();
  await expect(page.getByRole('dialog', { name: 'Editar Experiencia' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await page.getByRole('button', { name: 'Borrar' }).click();
  const confirmation = page.getByRole('dialog', { name: 'Eliminar experiencia' });
  await expect(confirmation).toBeVisible();
  await expectAccessible(page, 'la confirmación de borrar experiencia, recién abierta');

  // At rest, the buttons' own colours pass WCAG AA for their text (4.5:1).
  for (const name of ['Cancelar', 'Eliminar']) {
    const button = confirmation.getByRole('button', { name, exact: true });
    const { color, background, opacity } = await button.evaluate((el) => {
      const style = getComputedStyle(el);
      const dialog = el.closest('.modal');
      return {
        color: style.color,
        background: style.backgroundColor,
        opacity: dialog ? getComputedStyle(dialog).opacity : '1',
      };
    });
    expect(opacity, `opacidad del diálogo al medir «${name}»`).toBe('1');
    expect(
      contrastRatio(color, background),
      `contraste de «${name}» (${color} sobre ${background})`,
    ).toBeGreaterThanOrEqual(4.5);
  }
});

test('with reduced motion asked (as in every other test here), dialogs and images come in without moving', async ({
  page,
  request,
}) => {
  const path = await seedExperience(request, 'Experiencia quieta');
  await login(page, E2E.firstAdminEmail);
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Experiencia quieta' })).toBeVisible();
  const finiteAnimations = () =>
    page.evaluate(() =>
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => {
          const target = (a.effect as KeyframeEffect | null)?.target;
          return `${a.constructor.name} ${(a as CSSTransition).transitionProperty ?? (a as CSSAnimation).animationName ?? ''} en ${target?.className ?? '?'}`;
        }),
    );
  const image = page.locator('img.media-box-image').first();
  await expect(image).toHaveCount(1);
  expect(await image.evaluate((el) => getComputedStyle(el).transitionDuration)).toBe('0s');

  await page.getByRole('button', { name: 'Borrar' }).click();
  await expect(page.getByRole('dialog', { name: 'Eliminar experiencia' })).toBeVisible();
  expect(await finiteAnimations()).toEqual([]);
});

test('the landing with news, and /whoweare with the monitor modals of an admin', async ({
  page,
  request,
}) => {
  const headers = { Authorization: `Bearer ${await firstAdminToken(request)}` };
  const png = { name: 'a.png', mimeType: 'image/png', buffer: PNG_1PX };
  const news = await request.post('/api/news', {
    headers,
    multipart: {
      title: 'Noticia accesible',
      description: 'Resumen de la noticia.',
      content: 'Texto completo.',
      image: png,
    },
  });
  expect(news.status()).toBe(201);
  const monitor = await request.post('/api/monitors', {
    headers,
    multipart: { name: 'Scouter Accesible', role_description: 'Scouter de Tropa', image: png },
  });
  expect(monitor.status()).toBe(201);

  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Noticia accesible' })).toBeVisible();
  await expectAccessible(page, '/ con noticias');

  await login(page, E2E.firstAdminEmail);
  await page.goto('/whoweare');
  await expect(page.getByRole('article', { name: 'Scouter Accesible' })).toBeVisible();
  await expectAccessible(page, '/whoweare de un admin');
  await page.getByRole('button', { name: 'Añadir monitor' }).click();
  await expect(page.getByRole('dialog', { name: 'Añadir Nuevo Monitor' })).toBeVisible();
  await expectAccessible(page, 'el modal de añadir monitor');
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await page
    .getByRole('article', { name: 'Scouter Accesible' })
    .getByRole('button', { name: 'Editar monitor' })
    .click();
  await expect(
    page.getByRole('dialog', { name: 'Editar Monitor: Scouter Accesible' }),
  ).toBeVisible();
  await expectAccessible(page, 'el modal de editar monitor');
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await page
    .getByRole('article', { name: 'Scouter Accesible' })
    .getByRole('button', { name: 'Eliminar monitor' })
    .click();
  await expect(page.getByRole('dialog', { name: 'Eliminar monitor' })).toBeVisible();
  await expectAccessible(page, 'la confirmación de eliminar monitor');
});
