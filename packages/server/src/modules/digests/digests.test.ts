import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DIGEST_MESSAGES, SERVER_SUCCESS } from '@fogata/shared';
import { simpleParser } from 'mailparser';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { digestConfig } from '../../config.js';
import {
  buildTestApp,
  buildTestAppOnSameDatabase,
  TEST_PUBLIC_URL,
  type TestApp,
} from '../../test/build-app.js';
import { createExperience, createNews } from '../../test/content-factories.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createAlbum, postAlbum } from '../../test/gallery-factories.js';
import { multipart, pngImage } from '../../test/images.js';
import { startSmtpReceiver } from '../../test/smtp.js';
import { UsersRepository } from '../users/users.repository.js';
import { isDigestDue } from './digest-schedule.js';
import { DigestsRepository } from './digests.repository.js';
import { DigestService } from './digests.service.js';

/** The digest (decision 022) on the test database: SQLite, or PostgreSQL. */

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
});

/** Digests from 08:00 UTC; the timer never fires by itself unless `checkMs` says so. */
async function app(checkMs = 3_600_000): Promise<TestApp> {
  const t = await buildTestApp({ digest: { checkMs, hour: 8, timeZone: 'UTC' } });
  cleanup.push(() => t.close());
  return t;
}

const at = (iso: string) => new Date(iso);
const run = (t: TestApp, when: string | Date) =>
  new DigestService(t.app.ctx).runOnce(typeof when === 'string' ? at(when) : when);

interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  listUnsubscribe: string;
  listUnsubscribePost: string;
}

async function waitUntil(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Tiempo agotado esperando: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Every queued digest has left (to the outbox: no SMTP_URL in tests). */
async function settled(t: TestApp) {
  await waitUntil('la cola de correo vacía', async () => {
    const pending = await t.app.ctx.db.kysely
      .selectFrom('mail_queue')
      .select('id')
      .where('next_attempt_at', 'is not', null)
      .execute();
    return pending.length === 0;
  });
}

/** A header's raw line, unfolded. */
function header(lines: readonly { key: string; line: string }[], key: string): string {
  return (lines.find((h) => h.key === key)?.line ?? '').replace(/\r?\n[ \t]+/g, ' ');
}

/** The digests in DATA_DIR/outbox, parsed from their .eml files. */
async function outbox(t: TestApp): Promise<Mail[]> {
  await settled(t);
  const dir = join(t.config.dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  const mails: Mail[] = [];
  for (const file of readdirSync(dir).sort()) {
    const parsed = await simpleParser(readFileSync(join(dir, file)));
    const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
    mails.push({
      to: to?.value[0]?.address ?? '',
      subject: parsed.subject ?? '',
      text: parsed.text ?? '',
      html: typeof parsed.html === 'string' ? parsed.html : '',
      listUnsubscribe: header(parsed.headerLines, 'list-unsubscribe'),
      listUnsubscribePost: header(parsed.headerLines, 'list-unsubscribe-post'),
    });
  }
  return mails.filter((m) => m.subject.startsWith('Novedades en'));
}

const mailsTo = async (t: TestApp, user: TestUser) =>
  (await outbox(t)).filter((m) => m.to === user.email);

const profile = async (t: TestApp, user: TestUser) =>
  (await t.app.inject({ url: '/api/profile/me', headers: user.headers })).json();

const putProfile = (t: TestApp, user: TestUser, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/profile/me', headers: user.headers, payload });

const JOINED = '2026-03-01T07:00:00.000Z';

describe('the digest preference in the profile', () => {
  it("is 'weekly' by default and changes through PUT /api/profile/me (JSON or multipart)", async () => {
    const t = await app();
    const u = await createUser(t.app);
    expect((await profile(t, u)).digest).toBe('weekly');

    const json = await putProfile(t, u, { digest: 'daily' });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toEqual({
      message: SERVER_SUCCESS.profileUpdated,
      user: expect.objectContaining({ id: u.row.id, name: u.row.name, digest: 'daily' }),
    });
    expect((await profile(t, u)).digest).toBe('daily');

    const body = multipart({ digest: 'never' });
    const form = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/me',
      headers: { ...u.headers, ...body.headers },
      payload: body.payload,
    });
    expect(form.statusCode).toBe(200);
    expect((await profile(t, u)).digest).toBe('never');
  });

  it('refuses anything but daily, weekly or never with a Spanish 400', async () => {
    const t = await app();
    const u = await createUser(t.app);
    const res = await putProfile(t, u, { digest: 'hourly' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(DIGEST_MESSAGES.invalidFrequency);
    expect((await profile(t, u)).digest).toBe('weekly');
  });
});

describe('who gets what', () => {
  it('sends every member who wants one a Spanish digest (HTML and text) of what is new, with absolute links and the unsubscribe headers; drafts never appear', async () => {
    const t = await app();
    const usuario = await createUser(t.app, { name: 'Ana Usuaria', createdAt: JOINED });
    const scouter = await createUser(t.app, { role: 'scouter', createdAt: JOINED });
    const quiet = await createUser(t.app, { createdAt: JOINED });
    await new UsersRepository(t.app.ctx.db).update(quiet.row.id, { digest: 'never' });

    const news = await createNews(t.app, {
      title: 'Salida a la sierra',
      createdAt: '2026-03-02T10:00:00.000Z',
    });
    const exp = await createExperience(t.app, {
      title: 'Ruta del Cares',
      createdAt: '2026-03-02T11:00:00.000Z',
    });
    const album = await createAlbum(t.app, {
      title: 'Campamento <verano>',
      createdAt: '2026-03-02T12:00:00.000Z',
    });
    const draft = await createAlbum(t.app, {
      title: 'Borrador secreto',
      createdAt: '2026-03-02T12:30:00.000Z',
    });
    await t.app.ctx.db.kysely
      .updateTable('albums')
      .set({ status: 'draft', published_at: null })
      .where('id', '=', draft.id)
      .execute();

    expect(await run(t, '2026-03-03T09:00:00.000Z')).toBe(2);
    const [mail, ...others] = await mailsTo(t, usuario);
    expect(others).toEqual([]);
    expect(await mailsTo(t, quiet)).toEqual([]);
    expect(await mailsTo(t, scouter)).toHaveLength(1);

    expect(mail!.subject).toBe('Novedades en Grupo Scout Fogata 1');
    expect(mail!.text).toContain('Hola, Ana Usuaria:');
    expect(mail!.text).toContain('Esto es lo nuevo en la web de Grupo Scout Fogata 1:');
    expect(mail!.text).toContain(
      `Álbumes:\n- Campamento <verano>: ${TEST_PUBLIC_URL}/album/${album.id}`,
    );
    expect(mail!.text).toContain(
      `Noticias:\n- Salida a la sierra: ${TEST_PUBLIC_URL}/news/${news.id}`,
    );
    expect(mail!.text).toContain(
      `Experiencias:\n- Ruta del Cares: ${TEST_PUBLIC_URL}/experience/${exp.id}`,
    );
    expect(mail!.text).toContain('Recibes este resumen cada semana');
    expect(mail!.text).not.toContain('Borrador secreto');
    expect(mail!.html).toContain('<html lang="es">');
    expect(mail!.html).toContain(
      `<a href="${TEST_PUBLIC_URL}/album/${album.id}" style="color:#c0392b">Campamento &#60;verano&#62;</a>`,
    );
    expect(mail!.html).not.toContain('Borrador secreto');

    const unsubscribe = mail!.text.match(
      /http:\/\/fogata\.test\/unsubscribe\?token=(\d+\.[A-Za-z0-9_-]+)/,
    );
    expect(unsubscribe?.[1]).toMatch(new RegExp(`^${usuario.row.id}\\.`));
    expect(mail!.html).toContain(`href="${unsubscribe![0]}"`);
    expect(mail!.listUnsubscribe).toBe(
      `List-Unsubscribe: <${TEST_PUBLIC_URL}/api/digest/unsubscribe?token=${unsubscribe![1]}>`,
    );
    expect(mail!.listUnsubscribePost).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });

  it('sends nothing when nothing is new, before the hour, or for what came before the member joined', async () => {
    const t = await app();
    await createNews(t.app, { createdAt: '2026-03-01T06:00:00.000Z' });
    const u = await createUser(t.app, { createdAt: JOINED });
    expect(await run(t, '2026-03-02T09:00:00.000Z')).toBe(0);
    // Nothing was recorded: the next look starts from the same point.
    const row = await new UsersRepository(t.app.ctx.db).findById(u.row.id);
    expect(row?.digest_last_sent_at).toBeNull();

    await createNews(t.app, { title: 'Nueva', createdAt: '2026-03-02T10:00:00.000Z' });
    expect(await run(t, '2026-03-03T07:59:00.000Z')).toBe(0);
    expect(await run(t, '2026-03-03T08:00:00.000Z')).toBe(1);
    const [mail] = await mailsTo(t, u);
    expect(mail!.text).toContain('- Nueva:');
    expect(mail!.text.match(/^- /gm)).toHaveLength(1);
  });

  it('lists an album published then unpublished again nowhere, and a draft once it is published', async () => {
    const t = await app();
    const scouter = await createUser(t.app, { role: 'scouter' });
    const member = await createUser(t.app, {
      createdAt: new Date(Date.now() - 3600_000).toISOString(),
    });
    const create = async (title: string, publish: 'true' | 'false') =>
      (await postAlbum(t.app, scouter.headers, await pngImage(40, 30), { title, publish })).id;
    const post = (url: string) => t.app.inject({ method: 'POST', url, headers: scouter.headers });
    const gone = await create('Publicado y retirado', 'true');
    expect((await post(`/api/albums/${gone}/unpublish`)).statusCode).toBe(200);
    const later = await create('Revisado y publicado', 'false');
    await create('Sigue en borrador', 'false');
    expect((await post(`/api/albums/${later}/publish`)).statusCode).toBe(200);

    // Today from 08:00 UTC, and after everything above.
    const today8 = new Date();
    today8.setUTCHours(8, 0, 0, 0);
    const when = new Date(Math.max(Date.now() + 60_000, today8.getTime()));
    expect(await run(t, when)).toBe(2);
    const [mail] = await mailsTo(t, member);
    expect(mail!.text).toContain(`- Revisado y publicado: ${TEST_PUBLIC_URL}/album/${later}`);
    expect(mail!.text).not.toContain('Publicado y retirado');
    expect(mail!.text).not.toContain('Sigue en borrador');
  });
});

describe('how often', () => {
  it("'daily': at most one a day, each with only what is new since the last", async () => {
    const t = await app();
    const u = await createUser(t.app, { createdAt: JOINED });
    await new UsersRepository(t.app.ctx.db).update(u.row.id, { digest: 'daily' });
    await createNews(t.app, { title: 'Primera', createdAt: '2026-03-02T07:00:00.000Z' });
    expect(await run(t, '2026-03-02T09:00:00.000Z')).toBe(1);
    await createNews(t.app, { title: 'Segunda', createdAt: '2026-03-02T10:00:00.000Z' });
    expect(await run(t, '2026-03-02T10:30:00.000Z')).toBe(0);
    expect(await run(t, '2026-03-02T23:59:00.000Z')).toBe(0);
    expect(await run(t, '2026-03-03T07:00:00.000Z')).toBe(0);
    expect(await run(t, '2026-03-03T08:15:00.000Z')).toBe(1);
    const [first, second] = await mailsTo(t, u);
    expect(first!.text).toContain('- Primera:');
    expect(first!.text).toContain('Recibes este resumen cada día');
    expect(second!.text).toContain('- Segunda:');
    expect(second!.text).not.toContain('Primera');
  });

  it("'weekly': at most one a week", async () => {
    const t = await app();
    const u = await createUser(t.app, { createdAt: JOINED });
    await createExperience(t.app, { createdAt: '2026-03-02T07:00:00.000Z' });
    expect(await run(t, '2026-03-02T09:00:00.000Z')).toBe(1);
    await createExperience(t.app, { title: 'La siguiente', createdAt: '2026-03-03T07:00:00.000Z' });
    for (let day = 3; day <= 8; day += 1) {
      expect(await run(t, `2026-03-0${day}T09:00:00.000Z`)).toBe(0);
    }
    expect(await run(t, '2026-03-09T09:00:00.000Z')).toBe(1);
    const mails = await mailsTo(t, u);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain('- La siguiente:');
  });
});

describe('several instances, restarts, the timer', () => {
  async function queuedFor(t: TestApp, users: TestUser[]) {
    const rows = await t.app.ctx.db.kysely
      .selectFrom('mail_queue')
      .select('recipient')
      .where(
        'recipient',
        'in',
        users.map((u) => u.email),
      )
      .execute();
    return rows.map((r) => r.recipient).sort();
  }

  it('an instance that read the members before another sent their digests sends none again', async () => {
    const first = await app();
    const second = await buildTestAppOnSameDatabase(first);
    cleanup.push(() => second.close());
    const users = await Promise.all(
      [1, 2, 3].map(() => createUser(first.app, { createdAt: JOINED })),
    );
    await createNews(first.app, { createdAt: '2026-03-02T07:00:00.000Z' });
    // The first instance has read who is due; the second sends meanwhile.
    const stale = await new DigestsRepository(first.app.ctx.db).candidates();
    expect(await run(second, '2026-03-02T09:00:00.000Z')).toBe(3);
    const spy = vi.spyOn(DigestsRepository.prototype, 'candidates').mockResolvedValue(stale);
    try {
      expect(await run(first, '2026-03-02T09:00:01.000Z')).toBe(0);
    } finally {
      spy.mockRestore();
    }
    expect(await queuedFor(first, users)).toEqual(users.map((u) => u.email).sort());
  });

  it('two instances checking at the same moment send one digest per member, never two', async () => {
    const first = await app();
    const second = await buildTestAppOnSameDatabase(first);
    cleanup.push(() => second.close());
    const users = await Promise.all(
      [1, 2, 3, 4, 5].map(() => createUser(first.app, { createdAt: JOINED })),
    );
    await createNews(first.app, { createdAt: '2026-03-02T07:00:00.000Z' });
    const now = '2026-03-02T09:00:00.000Z';
    // PostgreSQL: a real race. SQLite in one process: one after the other, since its lock wait
    // would block the very thread that holds the lock (separate processes wait for each other;
    // the stale read above is that case).
    const [a, b] =
      first.app.ctx.db.dialect === 'postgres'
        ? await Promise.all([run(first, now), run(second, now)])
        : [await run(first, now), await run(second, now)];
    expect(a + b).toBe(5);
    expect(await queuedFor(first, users)).toEqual(users.map((u) => u.email).sort());
  });

  it('a restarted server (a new app on the same database) knows what was sent', async () => {
    const first = await app();
    const u = await createUser(first.app, { createdAt: JOINED });
    await new UsersRepository(first.app.ctx.db).update(u.row.id, { digest: 'daily' });
    await createNews(first.app, { createdAt: '2026-03-02T07:00:00.000Z' });
    expect(await run(first, '2026-03-02T09:00:00.000Z')).toBe(1);
    await createNews(first.app, { createdAt: '2026-03-02T10:00:00.000Z' });

    const restarted = await buildTestAppOnSameDatabase(first);
    cleanup.push(() => restarted.close());
    expect(await run(restarted, '2026-03-02T12:00:00.000Z')).toBe(0);
    expect(await run(restarted, '2026-03-03T09:00:00.000Z')).toBe(1);
    expect(await mailsTo(first, u)).toHaveLength(2);
  });

  it('the running server sends on its own schedule, through the queue to the outbox', async () => {
    const t = await buildTestApp({ digest: { checkMs: 50, hour: 0, timeZone: 'UTC' } });
    cleanup.push(() => t.close());
    const u = await createUser(t.app, { createdAt: new Date(Date.now() - 60_000).toISOString() });
    await createNews(t.app, {
      title: 'Llega sola',
      createdAt: new Date(Date.now() - 1000).toISOString(),
    });
    await waitUntil('el resumen en el outbox', async () => (await mailsTo(t, u)).length === 1);
    await new Promise((r) => setTimeout(r, 200));
    expect(await mailsTo(t, u)).toHaveLength(1);
  });
});

describe('through SMTP', () => {
  it('a refused digest is retried by the queue and arrives once; its headers are blanked once sent', async () => {
    const smtp = await startSmtpReceiver();
    cleanup.push(() => smtp.close());
    const t = await buildTestApp({
      smtpUrl: smtp.url,
      mailQueue: { pollMs: 50, retryDelaysMs: [100] },
      digest: { checkMs: 3_600_000, hour: 8, timeZone: 'UTC' },
    });
    cleanup.push(() => t.close());
    const u = await createUser(t.app, { createdAt: JOINED });
    await createNews(t.app, { title: 'Por SMTP', createdAt: '2026-03-02T07:00:00.000Z' });
    smtp.failNext(1);
    expect(await run(t, '2026-03-02T09:00:00.000Z')).toBe(1);
    const mail = await smtp.waitFor(u.email);
    expect(mail.subject).toBe('Novedades en Grupo Scout Fogata 1');
    expect(mail.text).toContain('- Por SMTP:');
    expect(smtp.refused).toBe(1);
    await settled(t);
    const [row] = await t.app.ctx.db.kysely
      .selectFrom('mail_queue')
      .selectAll()
      .where('recipient', '=', u.email)
      .execute();
    expect(row).toMatchObject({ attempts: 2, headers: null, text: '', html: '' });
    expect(row!.sent_at).not.toBeNull();
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.messages).toHaveLength(0);
  });
});

describe('POST /api/digest/unsubscribe', () => {
  async function digestFor(t: TestApp, u: TestUser) {
    await createNews(t.app, { createdAt: '2026-03-02T07:00:00.000Z' });
    await run(t, '2026-03-02T09:00:00.000Z');
    const [mail] = await mailsTo(t, u);
    return mail!.listUnsubscribe.match(/<http:\/\/fogata\.test(\/api\/[^>]+)>/)![1]!;
  }

  it('unsubscribes with one click (RFC 8058 form POST), without signing in; again is fine', async () => {
    const t = await app();
    const u = await createUser(t.app, { createdAt: JOINED });
    const url = await digestFor(t, u);
    // A GET (a link checker, a preview) changes nothing.
    expect((await t.app.inject({ url })).statusCode).toBe(404);
    expect((await profile(t, u)).digest).toBe('weekly');

    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: DIGEST_MESSAGES.unsubscribed });
    expect((await profile(t, u)).digest).toBe('never');
    // Some clients send the same as multipart/form-data.
    const form = multipart({ 'List-Unsubscribe': 'One-Click' });
    const multi = await t.app.inject({
      method: 'POST',
      url,
      headers: form.headers,
      payload: form.payload,
    });
    expect(multi.statusCode).toBe(200);
    expect(multi.json()).toEqual({ message: DIGEST_MESSAGES.unsubscribed });
    // The web page's POST, with no body.
    const again = await t.app.inject({ method: 'POST', url });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: DIGEST_MESSAGES.unsubscribed });

    await createNews(t.app, { createdAt: '2026-03-10T07:00:00.000Z' });
    expect(await run(t, '2026-03-10T09:00:00.000Z')).toBe(0);
  });

  it('refuses a forged, malformed or missing token with a Spanish 400, and a deleted account with a 404', async () => {
    const t = await app();
    const u = await createUser(t.app, { createdAt: JOINED });
    const other = await createUser(t.app, { createdAt: JOINED });
    const url = await digestFor(t, u);
    const token = new URL(`http://x${url}`).searchParams.get('token')!;
    const post = (query: string) =>
      t.app.inject({ method: 'POST', url: `/api/digest/unsubscribe${query}` });
    const flipped = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const otherId = token.replace(/^\d+/, String(other.row.id));
    for (const bad of [`?token=${flipped}`, `?token=${otherId}`, '?token=abc', '?token=', '']) {
      const res = await post(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message, bad).toBe(DIGEST_MESSAGES.unsubscribeInvalid);
    }
    expect((await profile(t, u)).digest).toBe('weekly');
    expect((await profile(t, other)).digest).toBe('weekly');

    await new UsersRepository(t.app.ctx.db).delete(u.row.id);
    const gone = await post(`?token=${token}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: DIGEST_MESSAGES.unsubscribeUnknown });
  });
});

describe('configuration and the local day', () => {
  it('reads DIGEST_HOUR, DIGEST_TIMEZONE and DIGEST_CHECK_SECONDS, and refuses bad values in Spanish', () => {
    expect(digestConfig({})).toEqual({ checkMs: 900_000, hour: 8, timeZone: 'Europe/Madrid' });
    expect(
      digestConfig({ DIGEST_HOUR: '0', DIGEST_TIMEZONE: 'UTC', DIGEST_CHECK_SECONDS: '2' }),
    ).toEqual({ checkMs: 2000, hour: 0, timeZone: 'UTC' });
    expect(() => digestConfig({ DIGEST_HOUR: '24' })).toThrow(
      'DIGEST_HOUR debe ser una hora entera de 0 a 23.',
    );
    expect(() => digestConfig({ DIGEST_HOUR: '8.5' })).toThrow('DIGEST_HOUR');
    expect(() => digestConfig({ DIGEST_TIMEZONE: 'Marte/Olympus' })).toThrow(
      'DIGEST_TIMEZONE debe ser una zona horaria IANA, como Europe/Madrid.',
    );
    expect(() => digestConfig({ DIGEST_CHECK_SECONDS: '0' })).toThrow(
      'DIGEST_CHECK_SECONDS debe ser un entero positivo.',
    );
  });

  it('counts hours and days in the configured zone', () => {
    const madrid = { hour: 8, timeZone: 'Europe/Madrid' };
    // 07:30 UTC in summer is 09:30 in Madrid; in winter 08:30.
    expect(isDigestDue('daily', null, at('2026-07-01T05:59:00.000Z'), madrid)).toBe(false);
    expect(isDigestDue('daily', null, at('2026-07-01T06:00:00.000Z'), madrid)).toBe(true);
    expect(isDigestDue('daily', null, at('2026-01-15T06:30:00.000Z'), madrid)).toBe(false);
    // Sent at 23:30 UTC on the 1st: already the 2nd in Madrid, so not again that day.
    expect(
      isDigestDue('daily', '2026-07-01T23:30:00.000Z', at('2026-07-02T09:00:00.000Z'), madrid),
    ).toBe(false);
    expect(
      isDigestDue('daily', '2026-07-01T21:00:00.000Z', at('2026-07-02T09:00:00.000Z'), madrid),
    ).toBe(true);
    expect(isDigestDue('never', null, at('2026-07-02T09:00:00.000Z'), madrid)).toBe(false);
  });
});
