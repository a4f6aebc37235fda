// A mail server that hangs: one that accepts the connection and never greets, one that
// goes silent after DATA. Sending invitations answers within seconds whatever the batch: an
// address not mailed by then is in `results.errors`, its invitation stays pending and the queue
// goes on trying it. In the queue a stuck send holds back no other mail, and account mail goes
// before digests.
import { SERVER_ERRORS, SERVER_SUCCESS } from '@fogata/shared';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { INVITATION_MAIL_WAIT_MS } from '../modules/invitations/invitations.service.js';
import { buildTestApp, type TestApp } from '../test/build-app.js';
import { createUser, type TestUser } from '../test/factories.js';
import { startHangingSmtpServer, startSmtpReceiver } from '../test/smtp.js';
import { waitUntil } from '../test/wait.js';
import { createMailer, withTimeouts } from './mailer.js';

/** What an answer may take beyond the wait on a loaded machine. */
const SLACK_MS = 3_000;

/** Closed after each test, last opened first. */
const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
});

async function app(smtpUrl: string): Promise<{ t: TestApp; admin: TestUser }> {
  const t = await buildTestApp({ smtpUrl });
  cleanup.push(() => t.close());
  return { t, admin: await createUser(t.app, { role: 'admin' }) };
}

async function invite(t: TestApp, admin: TestUser, emails: string[]) {
  const started = Date.now();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/invitations',
    headers: admin.headers,
    payload: { invitations: emails.map((email) => ({ email, role: 'usuario' })) },
  });
  return { res, ms: Date.now() - started };
}

/** A logger that drops everything. */
function buildLog() {
  return pino({ level: 'silent' });
}

function queueRows(t: TestApp) {
  return t.app.ctx.db.kysely.selectFrom('mail_queue').selectAll().orderBy('id').execute();
}

describe('the mailer', () => {
  it('gives up on a server that never greets within its greeting time-out', async () => {
    const hanging = await startHangingSmtpServer();
    cleanup.push(() => hanging.close());
    const mailer = createMailer({
      smtpUrl: hanging.url,
      from: 'no-reply@example.org',
      outboxDir: '/nonexistent',
      log: buildLog(),
    });
    cleanup.push(async () => mailer.close());
    const started = Date.now();
    const error = await mailer
      .send({ to: 'ana@example.org', subject: 'Hola', text: 'Hola', html: '<p>Hola</p>' })
      .then(
        () => null,
        (err: unknown) => err as { code?: string },
      );
    expect(error?.code).toBe('ETIMEDOUT');
    // nodemailer's own default is 30 s.
    expect(Date.now() - started).toBeLessThan(5_000 + SLACK_MS);
  }, 300_000);

  it('keeps the time-outs SMTP_URL sets, and adds the others', () => {
    const url = new URL(
      withTimeouts('smtp://kraal:cl%40ve@smtp.example.org:587?socketTimeout=60000'),
    );
    expect(url.searchParams.get('socketTimeout')).toBe('60000');
    expect(url.searchParams.get('greetingTimeout')).toBe('5000');
    expect(url.searchParams.get('connectionTimeout')).toBe('5000');
    expect(`${url.username}:${url.password}@${url.host}`).toBe(
      'kraal:cl%40ve@smtp.example.org:587',
    );
  });
});

describe('sending invitations to a mail server that hangs', () => {
  it('that never greets: a batch of 20 answers within seconds, every address reported', async () => {
    const hanging = await startHangingSmtpServer();
    cleanup.push(() => hanging.close());
    const { t, admin } = await app(hanging.url);
    // Cut the hung connections before the app closes, so their sends fail at once.
    cleanup.push(() => hanging.close());
    const emails = Array.from({ length: 20 }, (_, i) => `familia.${i}@example.org`);

    const { res, ms } = await invite(t, admin, emails);
    expect(ms).toBeLessThan(INVITATION_MAIL_WAIT_MS + SLACK_MS);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.results.sent).toEqual([]);
    expect(body.results.errors).toEqual(
      emails.map((email) => ({ email, error: SERVER_ERRORS.invitationMailFailed })),
    );
    expect(body.message).toBe(
      `${SERVER_SUCCESS.invitationsSent(0)} ${SERVER_SUCCESS.invitationsNotMailed(emails)}`,
    );
    // Every invitation is there, pending; every mail is queued, none given up.
    const list = await t.app.inject({ url: '/api/invitations', headers: admin.headers });
    expect(
      list
        .json()
        .map((i: { email: string; status: string }) => [i.email, i.status])
        .sort(),
    ).toEqual(emails.map((email) => [email, 'pending']).sort());
    const rows = await queueRows(t);
    expect(rows.map((r) => r.recipient).sort()).toEqual([...emails].sort());
    expect(rows.every((r) => r.sent_at === null && r.next_attempt_at !== null)).toBe(true);
  }, 300_000);

  it('that goes silent after DATA: the answer comes within seconds, and the queue mails it later', async () => {
    const smtp = await startSmtpReceiver();
    cleanup.push(() => smtp.close());
    // A shorter silence than the default 15 s, set in SMTP_URL as an operator could, to keep
    // the test quick.
    const { t, admin } = await app(`${smtp.url}?socketTimeout=2000`);
    smtp.holdNext(1);

    const { res, ms } = await invite(t, admin, ['ana@example.org']);
    expect(ms).toBeLessThan(INVITATION_MAIL_WAIT_MS + SLACK_MS);
    expect(res.json().results.errors).toEqual([
      { email: 'ana@example.org', error: SERVER_ERRORS.invitationMailFailed },
    ]);
    expect(smtp.held).toBe(1);

    // The held send times out and is retried by the queue, which the server now answers.
    const [row] = await queueRows(t);
    await waitUntil(
      'el fallo del envío retenido',
      async () => (await queueRows(t))[0]?.last_error !== null,
      10_000,
    );
    await t.app.ctx.db.kysely
      .updateTable('mail_queue')
      .set({ next_attempt_at: new Date().toISOString() })
      .where('id', '=', row!.id)
      .execute();
    t.app.ctx.mailQueue.kick();
    const mail = await smtp.waitFor('ana@example.org', 10_000);
    expect(mail.text).toContain('/register?invitation=');
  }, 300_000);
});

describe('the mail queue', () => {
  it('sends a password reset while digests hang, and account mail before digests', async () => {
    const smtp = await startSmtpReceiver();
    cleanup.push(() => smtp.close());
    const { t } = await app(smtp.url);
    // The held connections are cut before the app closes, so it does not wait on them.
    cleanup.push(() => smtp.close());
    const member = await createUser(t.app, { email: 'lola@example.org' });
    await t.app.ctx.mailQueue.stop();

    // Five digests queued first; the server holds the three that can be on their way.
    smtp.holdNext(3);
    await t.app.ctx.db.kysely.transaction().execute(async (trx) => {
      for (let i = 0; i < 5; i += 1) {
        await t.app.ctx.mailQueue.enqueue(
          {
            to: `resumen.${i}@example.org`,
            subject: 'Novedades del grupo',
            text: 'Novedades',
            html: '<p>Novedades</p>',
            headers: { 'List-Unsubscribe': '<http://fogata.test/baja>' },
          },
          { trx },
        );
      }
    });
    t.app.ctx.mailQueue.start();
    await waitUntil('los resúmenes retenidos', () => smtp.held >= 3);
    // Digests hold all but one of the places on the way: the fourth and fifth wait.
    const rows = await queueRows(t);
    expect(rows.filter((r) => r.locked_until !== null)).toHaveLength(3);

    const started = Date.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: member.email },
    });
    expect(res.statusCode).toBe(200);
    const mail = await smtp.waitFor(member.email, 5_000);
    expect(mail.subject).not.toBe('Novedades del grupo');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(smtp.held).toBe(3);
  }, 300_000);
});
