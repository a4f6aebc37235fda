import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { E2E } from './env.js';
import { pathOf, waitForMailLink } from './mail.js';

export const PASSWORD = 'fogata-secreta-1';

/** The first-start admin invitation link the server printed on its console. */
export function firstStartLink(): string {
  const log = readFileSync(E2E.serverLog, 'utf8');
  const links = log.match(/https?:\/\/\S+\/register\?invitation=[A-Za-z0-9_-]+/g);
  if (!links?.length) throw new Error('El servidor no imprimió el enlace de primer inicio.');
  return links[links.length - 1]!;
}

/**
 * Watches the page for `text` from now on, however briefly it shows (a message the app replaces
 * after LIMITS.redirectAfterLoginMs, 0.5 s): a MutationObserver notes it, where expect's spaced
 * retries could miss it on a busy machine. The returned check passes once it has been seen.
 */
export async function watchForText(page: Page, text: string): Promise<() => Promise<void>> {
  await page.evaluate((wanted) => {
    const win = window as { fogataSeen?: Set<string> };
    win.fogataSeen ??= new Set();
    const seen = win.fogataSeen;
    const check = () => {
      if (document.body.textContent?.includes(wanted)) seen.add(wanted);
    };
    check();
    new MutationObserver(check).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  }, text);
  return () =>
    expect
      .poll(() =>
        page.evaluate(
          (wanted) => (window as { fogataSeen?: Set<string> }).fogataSeen?.has(wanted) === true,
          text,
        ),
      )
      .toBe(true);
}

/**
 * Opens the navigation drawer. The button is in the page's HTML before the script that opens it
 * has run: on a loaded machine a first click can land before that, so it clicks again.
 */
export async function openDrawer(page: Page) {
  const drawer = page.getByRole('dialog');
  await expect(async () => {
    if (!(await drawer.isVisible())) await page.getByRole('button', { name: 'Abrir menú' }).click();
    await expect(drawer).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  return drawer;
}

/** Signs in through the login form and waits for the redirect away from /login. */
export async function login(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
}

/** A session token for `email`, through the API. */
export async function apiToken(request: APIRequestContext, email: string, password = PASSWORD) {
  const res = await request.post('/api/auth/login', { data: { email, password } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

let counter = 0;
/** The Authorization header of `email`'s session, for the API calls a spec makes as them. */
export async function bearer(request: APIRequestContext, email: string) {
  return { Authorization: `Bearer ${await apiToken(request, email)}` };
}

/** A birth date `years` years ago (a month more, so the age holds all day). */
export function bornYearsAgo(years: number): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCMonth(d.getUTCMonth() - 1);
  return d.toISOString().slice(0, 10);
}

/** Invites a fresh address with `role` as `adminEmail` and registers it through the e-mailed link. */
export async function createMember(
  request: APIRequestContext,
  adminEmail: string,
  role: 'usuario' | 'scouter' | 'admin',
  name = `Persona ${role} ${++counter}`,
) {
  const email = `${role}.${Date.now()}.${++counter}@example.org`;
  const token = await apiToken(request, adminEmail);
  const sent = await request.post('/api/invitations', {
    data: { invitations: [{ email, role }] },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(sent.status()).toBe(200);
  const link = await waitForMailLink(email, /https?:\/\/\S+\/register\?invitation=[A-Za-z0-9_-]+/);
  const invitation = new URL(link).searchParams.get('invitation')!;
  const reg = await request.post('/api/auth/register-invited', {
    data: { token: invitation, name, password: PASSWORD },
  });
  expect(reg.status()).toBe(201);
  return { email, name, link: pathOf(link) };
}

/** A tiny PNG for avatar uploads. */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A session token for the first admin, registering them through the first-start link when no
 * earlier spec did (so a spec can run on its own).
 */
export async function firstAdminToken(request: APIRequestContext) {
  const tryLogin = () =>
    request.post('/api/auth/login', {
      data: { email: E2E.firstAdminEmail, password: PASSWORD },
    });
  let res = await tryLogin();
  if (res.status() !== 200) {
    const invitation = new URL(firstStartLink()).searchParams.get('invitation')!;
    const reg = await request.post('/api/auth/register-invited', {
      data: { token: invitation, name: 'Marta Jefa de Grupo', password: PASSWORD },
    });
    expect(reg.status()).toBe(201);
    res = await tryLogin();
  }
  expect(res.status()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/**
 * Waits until the server's face scan has looked at every photo and cover queued (decision 139:
 * an upload answers first; until the scan is done a family gets the image blurred whole). A
 * ceiling for a busy machine, where the detector takes seconds a photo, not a timing goal.
 */
export async function facesScanned(request: APIRequestContext) {
  // The wait's ceiling on top of the test's (or hook's) own.
  test.info().setTimeout(test.info().timeout + 180_000);
  const headers = { Authorization: `Bearer ${await firstAdminToken(request)}` };
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/faces/scan-progress', { headers });
        expect(res.status()).toBe(200);
        return ((await res.json()) as { remaining: number }).remaining;
      },
      { timeout: 180_000, message: 'la revisión de caras no terminó' },
    )
    .toBe(0);
}

/**
 * A JPEG of `width`×`height` made by the browser's canvas: coloured `tile` px squares from
 * `seed` (8 px: a few hundred KB at 2400×1600; 3 px: over 3 MB), so it weighs like a photo.
 */
export async function canvasJpeg(page: Page, width: number, height: number, seed = 7, tile = 8) {
  const base64 = await page.evaluate(
    async ({ w, h, s0, t }) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const g = canvas.getContext('2d')!;
      let s = s0;
      const rnd = () => {
        s = (s * 16807) % 2147483647;
        return s / 2147483647;
      };
      for (let y = 0; y < h; y += t) {
        for (let x = 0; x < w; x += t) {
          g.fillStyle = `rgb(${(rnd() * 255) | 0},${(rnd() * 255) | 0},${(rnd() * 255) | 0})`;
          g.fillRect(x, y, t, t);
        }
      }
      const blob = await new Promise<Blob>((r) => canvas.toBlob((b) => r(b!), 'image/jpeg', 0.92));
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (const b of bytes) binary += String.fromCharCode(b);
      return btoa(binary);
    },
    { w: width, h: height, s0: seed, t: tile },
  );
  return Buffer.from(base64, 'base64');
}

/**
 * A child of section `section` (by name) added through the children API as `managerEmail`, with
 * the accounts `guardians` (by address) linked as their family; returns the child's id.
 */
export async function createChild(
  request: APIRequestContext,
  managerEmail: string,
  child: { fullName: string; birthDate: string; section: string; guardians?: string[] },
): Promise<number> {
  const headers = { Authorization: `Bearer ${await apiToken(request, managerEmail)}` };
  const sections = (await (await request.get('/api/sections')).json()) as {
    id: number;
    name: string;
  }[];
  const section = sections.find((s) => s.name === child.section);
  expect(section, `la sección ${child.section}`).toBeTruthy();
  const made = await request.post('/api/children', {
    headers,
    data: { full_name: child.fullName, birth_date: child.birthDate, section_id: section?.id },
  });
  expect(made.status()).toBe(201);
  const { id } = ((await made.json()) as { child: { id: number } }).child;
  for (const email of child.guardians ?? []) {
    const found = await request.get(`/api/children/accounts?q=${encodeURIComponent(email)}`, {
      headers,
    });
    const [account] = (await found.json()) as { id: number; email: string }[];
    expect(account?.email).toBe(email);
    const linked = await request.put(`/api/children/${id}/guardians/${account?.id}`, { headers });
    expect(linked.ok()).toBe(true);
  }
  return id;
}

/**
 * Cancels the activity `id`, as a group would once it is over. The e2e server is shared by every
 * spec: an activity left open keeps the Tropa's families with something pending, which their
 * digest then carries at once — and another spec waits for a digest of its own.
 */
export async function cancelActivity(request: APIRequestContext, id: number) {
  const res = await request.post(`/api/activities/${id}/status`, {
    headers: { Authorization: `Bearer ${await firstAdminToken(request)}` },
    data: { status: 'cancelada' },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Clicks `button` (the app opens the OpenID provider's popup in that click) and, when the provider
 * asks (`loginPage`: no session there yet), signs in as `email` on its page. Back at our callback
 * page the popup hands the token over and closes itself; this returns once it is closed.
 */
export async function signInThroughProvider(
  page: Page,
  button: string,
  email: string,
  loginPage: boolean,
) {
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: button }).click();
  const popup = await popupOpened;
  if (loginPage) {
    await popup.waitForURL(new RegExp(`^${E2E.oidcIssuer}/interaction/`));
    await popup.getByPlaceholder('Enter any login').fill(email);
    await popup.getByPlaceholder('and password').fill('cualquier-clave');
    await popup.getByRole('button', { name: 'Sign-in' }).click();
  }
  // Its state, not its 'close' event: a provider that remembers the person needs nobody in the
  // popup, which can come back and close before the click above has returned (on a busy
  // machine it did); a wait for the event then began after it and waited for ever.
  await expect
    .poll(() => popup.isClosed(), { message: 'la ventana del proveedor se cierra sola' })
    .toBe(true);
}
