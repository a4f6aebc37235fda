import { SERVER_SUCCESS } from '@fogata/shared';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  buildTestAppOnSameDatabase,
  TEST_PUBLIC_URL,
  type TestApp,
} from '../test/build-app.js';
import { createUser } from '../test/factories.js';
import {
  linkIn,
  type SmtpReceiver,
  startHangingSmtpServer,
  startSmtpReceiver,
} from '../test/smtp.js';
import { waitUntil } from '../test/wait.js';

const RESET_LINK = /http:\/\/fogata\.test\/reset-password\?token=[A-Za-z0-9_-]+/;

/** Closed after each test, last opened first. */
const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
});

async function receiver(): Promise<SmtpReceiver> {
  const smtp = await startSmtpReceiver();
  cleanup.push(() => smtp.close());
  return smtp;
}

async function app(overrides: Parameters<typeof buildTestApp>[0] = {}): Promise<TestApp> {
  const t = await buildTestApp(overrides);
  cleanup.push(() => t.close());
  return t;
}

async function forgot(app: FastifyInstance, email: string) {
  const started = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email },
  });
  return { res, ms: performance.now() - started };
}

function queueRows(t: TestApp) {
  return t.app.ctx.db.kysely.selectFrom('mail_queue').selectAll().orderBy('id').execute();
}

describe('password reset mail through the queue', () => {
  it('answers at once for a registered and an unknown address while the mail server hangs', async () => {
    // Accepts the connection and never greets: a client waits for its own time-out (30 s).
    const hanging = await startHangingSmtpServer();
    cleanup.push(() => hanging.close());
    const t = await app({ smtpUrl: hanging.url });
    // Cut the hung connection before the app closes, so its send fails at once.
    cleanup.push(() => hanging.close());
    const u = await createUser(t.app, { email: 'colgado@example.org' });

    const known = await forgot(t.app, u.email);
    const unknown = await forgot(t.app, 'nadie-colgado@example.org');
    for (const { res } of [known, unknown]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: SERVER_SUCCESS.forgotPassword });
    }
    // Generous bounds: the mail server holds any send for 30 s.
    expect(known.ms).toBeLessThan(1000);
    expect(unknown.ms).toBeLessThan(1000);

    // The mail is on its way all the same: claimed, one try, waiting on the server.
    await waitUntil('la conexión al servidor de correo', () => hanging.connections > 0);
    const rows = await queueRows(t);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      recipient: u.email,
      attempts: 1,
      sent_at: null,
      last_error: null,
    });
    expect(rows[0]!.locked_until).not.toBeNull();
  }, 300_000);

  it('delivers the mail after the answer, with a link that works, and forgets its body', async () => {
    const smtp = await receiver();
    const t = await app({ smtpUrl: smtp.url });
    const u = await createUser(t.app, { email: 'cola@example.org' });

    const { res } = await forgot(t.app, 'Cola@Example.org');
    expect(res.statusCode).toBe(200);
    const mail = await smtp.waitFor(u.email);
    expect(mail.subject).toBe('Restablece tu contraseña de Grupo Scout Fogata 1');
    const link = linkIn(mail.text, RESET_LINK);
    expect(link.startsWith(`${TEST_PUBLIC_URL}/reset-password?token=`)).toBe(true);

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: new URL(link).searchParams.get('token'), password: 'nueva-clave-99' },
    });
    expect(reset.statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: u.email, password: 'nueva-clave-99' },
    });
    expect(login.statusCode).toBe(200);

    await waitUntil('la fila marcada como enviada', async () =>
      (await queueRows(t)).every((r) => r.sent_at !== null),
    );
    const [row] = await queueRows(t);
    expect(row).toMatchObject({
      recipient: u.email,
      attempts: 1,
      next_attempt_at: null,
      locked_until: null,
      last_error: null,
      // The live link does not stay in the database once sent.
      text: '',
      html: '',
      link: null,
    });
  });

  it('retries a refused mail until the server takes it, recording tries and error', async () => {
    const smtp = await receiver();
    const t = await app({
      smtpUrl: smtp.url,
      mailQueue: { pollMs: 50, retryDelaysMs: [100, 100, 100] },
    });
    const u = await createUser(t.app, { email: 'reintento@example.org' });
    smtp.failNext(2);

    const { res } = await forgot(t.app, u.email);
    expect(res.statusCode).toBe(200);
    const mail = await smtp.waitFor(u.email);
    expect(linkIn(mail.text, RESET_LINK)).toBeTruthy();
    expect(smtp.refused).toBe(2);

    await waitUntil('la fila marcada como enviada', async () =>
      (await queueRows(t)).every((r) => r.sent_at !== null),
    );
    const [row] = await queueRows(t);
    expect(row!.attempts).toBe(3);
    expect(row!.last_error).toContain('451');
    // Delivered once: no copy still waiting, none sent twice.
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.messages).toHaveLength(0);
  });

  it('gives a mail up after its last try, and says so in the row', async () => {
    const smtp = await receiver();
    const t = await app({
      smtpUrl: smtp.url,
      mailQueue: { pollMs: 50, retryDelaysMs: [50, 50] },
    });
    const u = await createUser(t.app, { email: 'abandono@example.org' });
    smtp.failNext(100);

    await forgot(t.app, u.email);
    await waitUntil('tres intentos', () => smtp.refused >= 3);
    await waitUntil('la fila abandonada', async () =>
      (await queueRows(t)).every((r) => r.next_attempt_at === null),
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.refused).toBe(3);
    const [row] = await queueRows(t);
    expect(row).toMatchObject({ attempts: 3, sent_at: null, locked_until: null, text: '' });
    expect(row!.last_error).toContain('451');
  });

  it('never sends a message twice from two app instances on one database', async () => {
    const smtp = await receiver();
    // Both workers look for due mail every 10 ms, so they race for every row.
    const first = await app({
      smtpUrl: smtp.url,
      mailQueue: { pollMs: 10, retryDelaysMs: [60_000] },
    });
    const second = await buildTestAppOnSameDatabase(first);
    cleanup.push(() => second.close());

    const users = [];
    for (let i = 0; i < 12; i += 1) {
      users.push(await createUser(first.app, { email: `doble.${i}@example.org` }));
    }
    const answers = await Promise.all(
      users.map((u, i) => forgot((i % 2 ? second : first).app, u.email)),
    );
    expect(answers.every(({ res }) => res.statusCode === 200)).toBe(true);
    // And a burst queued at once, then both workers woken in the same tick.
    await first.app.ctx.db.kysely.transaction().execute(async (trx) => {
      for (let i = 0; i < 30; i += 1) {
        await first.app.ctx.mailQueue.enqueue(
          {
            to: `rafaga.${i}@example.org`,
            subject: 'Ráfaga',
            text: `n.º ${i}`,
            html: `<p>${i}</p>`,
          },
          { trx },
        );
      }
    });
    first.app.ctx.mailQueue.kick();
    second.app.ctx.mailQueue.kick();

    await waitUntil('42 correos', () => smtp.messages.length >= 42, 15_000);
    await waitUntil('todas las filas enviadas', async () =>
      (await queueRows(first)).every((r) => r.sent_at !== null),
    );
    // Time for a duplicate to land, if there were one.
    await new Promise((r) => setTimeout(r, 300));
    const counts = new Map<string, number>();
    for (const m of smtp.messages) counts.set(m.to[0]!, (counts.get(m.to[0]!) ?? 0) + 1);
    expect(smtp.messages).toHaveLength(42);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    const rows = await queueRows(first);
    expect(rows).toHaveLength(42);
    expect(rows.every((r) => r.attempts === 1)).toBe(true);
  });
});
