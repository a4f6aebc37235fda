import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MSG, SERVER_ERRORS, SERVER_SUCCESS } from '@fogata/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/build-app.js';
import { createInvitation, createUser, isoFromNow, type TestUser } from '../../test/factories.js';
import { linkIn, type SmtpReceiver, startSmtpReceiver } from '../../test/smtp.js';

const LINK = /http:\/\/fogata\.test\/register\?invitation=[A-Za-z0-9_-]+/;

let t: TestApp;
let smtp: SmtpReceiver;
let admin: TestUser;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await buildTestApp({ smtpUrl: smtp.url });
  admin = await createUser(t.app, { role: 'admin', name: 'Marta' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

function send(invitations: unknown, app = t.app, headers = admin.headers) {
  return app.inject({ method: 'POST', url: '/api/invitations', headers, payload: { invitations } });
}

/** A request without a body, as the admin. */
const asAdmin = (method: 'DELETE' | 'POST', url: string) =>
  t.app.inject({ method, url, headers: admin.headers });

describe('POST /api/invitations with SMTP', () => {
  it('mails a working link to each address and answers without links', async () => {
    const res = await send([
      { email: 'Lola@Example.org', role: 'scouter' },
      { email: 'pepe@example.org', role: 'usuario' },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Se enviaron 2 invitaciones.',
      results: { sent: [{ email: 'lola@example.org' }, { email: 'pepe@example.org' }], errors: [] },
    });

    const mail = await smtp.waitFor('lola@example.org');
    expect(mail.subject).toBe('Invitación a Grupo Scout Fogata 1');
    expect(mail.text).toContain('7 días');
    expect(mail.text).toContain('Scouter');
    const link = linkIn(mail.text, LINK);
    expect(mail.html).toContain(link);
    const token = new URL(link).searchParams.get('invitation')!;

    const verify = await t.app.inject({ url: `/api/invitations/verify/${token}` });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toEqual({ email: 'lola@example.org', role: 'scouter' });

    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register-invited',
      payload: { token, name: 'Lola', password: 'clave-de-lola' },
    });
    expect(reg.statusCode).toBe(201);
    expect(reg.json().user).toMatchObject({ email: 'lola@example.org', role: 'scouter' });

    const used = await t.app.inject({ url: `/api/invitations/verify/${token}` });
    expect(used.statusCode).toBe(404);
    expect(used.json()).toEqual({ message: SERVER_ERRORS.invitationInvalid });
    await smtp.waitFor('pepe@example.org');
  });

  it('reports registered addresses per address, deduplicates, and replaces a pending one', async () => {
    const member = await createUser(t.app);
    const first = await send([{ email: 'doble@example.org', role: 'usuario' }]);
    expect(first.statusCode).toBe(200);
    const oldToken = new URL(
      linkIn((await smtp.waitFor('doble@example.org')).text, LINK),
    ).searchParams.get('invitation')!;

    const res = await send([
      { email: member.email, role: 'usuario' },
      { email: 'doble@example.org', role: 'usuario' },
      { email: ' DOBLE@example.org ', role: 'scouter' },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: SERVER_SUCCESS.invitationsSent(1),
      results: {
        sent: [{ email: 'doble@example.org' }],
        errors: [{ email: member.email, error: SERVER_ERRORS.emailTaken }],
      },
    });
    expect(res.json().message).toBe('Se envió 1 invitación.');
    const newToken = new URL(
      linkIn((await smtp.waitFor('doble@example.org')).text, LINK),
    ).searchParams.get('invitation')!;

    // The old link stopped working; the new one carries the last role given.
    expect((await t.app.inject({ url: `/api/invitations/verify/${oldToken}` })).statusCode).toBe(
      404,
    );
    const verify = await t.app.inject({ url: `/api/invitations/verify/${newToken}` });
    expect(verify.json()).toEqual({ email: 'doble@example.org', role: 'scouter' });
    const list = (await t.app.inject({ url: '/api/invitations', headers: admin.headers })).json();
    expect(list.filter((i: { email: string }) => i.email === 'doble@example.org')).toHaveLength(1);
  });

  it('validates the body', async () => {
    const cases: [unknown, string, string][] = [
      [[], 'invitations', MSG.invitationNoValidEmails],
      [[{ email: 'no-es-email', role: 'usuario' }], 'invitations.0.email', MSG.emailInvalid],
      [[{ email: '', role: 'usuario' }], 'invitations.0.email', MSG.emailRequired],
      [[{ email: 'a@b.es', role: 'jefe' }], 'invitations.0.role', MSG.invitationRoleInvalid],
      ['a@b.es', 'invitations', MSG.invitationNoValidEmails],
    ];
    for (const [invitations, field, message] of cases) {
      const res = await send(invitations);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message, errors: [{ field, message }] });
    }
    const many = Array.from({ length: 101 }, (_, i) => ({ email: `p${i}@b.es`, role: 'usuario' }));
    const tooMany = await send(many);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('No puedes enviar más de 100 invitaciones a la vez.');
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/invitations',
      headers: admin.headers,
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(MSG.invitationNoValidEmails);
  });

  it('keeps the invitation and reports the address when its e-mail cannot be sent', async () => {
    // An SMTP URL where nothing listens.
    const broken = await buildTestApp({ smtpUrl: 'smtp://127.0.0.1:9' });
    try {
      const boss = await createUser(broken.app, { role: 'admin' });
      const res = await send(
        [{ email: 'sin-correo@example.org', role: 'usuario' }],
        broken.app,
        boss.headers,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        message:
          'Se enviaron 0 invitaciones. No se pudo enviar el email a sin-correo@example.org: la invitación está creada y puedes reenviarla desde «Invitaciones Enviadas».',
        results: {
          sent: [],
          errors: [{ email: 'sin-correo@example.org', error: SERVER_ERRORS.invitationMailFailed }],
        },
      });
      const list = await broken.app.inject({ url: '/api/invitations', headers: boss.headers });
      expect(list.json()).toEqual([
        expect.objectContaining({ email: 'sin-correo@example.org', status: 'pending' }),
      ]);
    } finally {
      await broken.close();
    }
  });
});

describe('POST /api/invitations without SMTP (outbox)', () => {
  it('writes each message to DATA_DIR/outbox and returns the links', async () => {
    const outbox = await buildTestApp();
    try {
      const boss = await createUser(outbox.app, { role: 'admin' });
      const res = await send(
        [{ email: 'buzon@example.org', role: 'usuario' }],
        outbox.app,
        boss.headers,
      );
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.message).toBe('Se envió 1 invitación.');
      const [entry] = body.results.sent;
      expect(entry.email).toBe('buzon@example.org');
      expect(entry.link).toMatch(
        new RegExp(`^${TEST_PUBLIC_URL}/register\\?invitation=[A-Za-z0-9_-]{43}$`),
      );

      const dir = join(outbox.config.dataDir, 'outbox');
      const files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
      expect(files).toHaveLength(1);
      const eml = readFileSync(join(dir, files[0]!), 'utf8');
      expect(eml).toContain('buzon@example.org');
      expect(eml).toContain(new URL(entry.link).searchParams.get('invitation'));

      const token = new URL(entry.link).searchParams.get('invitation')!;
      const verify = await outbox.app.inject({ url: `/api/invitations/verify/${token}` });
      expect(verify.json()).toEqual({ email: 'buzon@example.org', role: 'usuario' });
    } finally {
      await outbox.close();
    }
  });
});

describe('GET /api/invitations', () => {
  it('lists newest first with computed statuses, never the token', async () => {
    const own = await buildTestApp();
    try {
      const boss = await createUser(own.app, { role: 'admin' });
      const pending = await createInvitation(own.app, { createdAt: isoFromNow(-3000) });
      const expired = await createInvitation(own.app, {
        createdAt: isoFromNow(-2000),
        expiresAt: isoFromNow(-1000),
      });
      const accepted = await createInvitation(own.app, {
        createdAt: isoFromNow(-1000),
        acceptedAt: isoFromNow(-500),
      });
      const res = await own.app.inject({ url: '/api/invitations', headers: boss.headers });
      expect(res.statusCode).toBe(200);
      const list = res.json();
      expect(list.map((i: { id: number; status: string }) => [i.id, i.status])).toEqual([
        [accepted.id, 'accepted'],
        [expired.id, 'expired'],
        [pending.id, 'pending'],
      ]);
      expect(Object.keys(list[0]).sort()).toEqual(
        ['children', 'created_at', 'email', 'expires_at', 'id', 'role', 'status'].sort(),
      );
      expect(new Date(list[0].expires_at).toISOString()).toBe(list[0].expires_at);
    } finally {
      await own.close();
    }
  });
});

describe('GET /api/invitations/verify/:token', () => {
  it('answers 410 for an expired invitation and 404 for an unknown one', async () => {
    const expired = await createInvitation(t.app, { expiresAt: isoFromNow(-1) });
    const res = await t.app.inject({ url: `/api/invitations/verify/${expired.token}` });
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual({ message: SERVER_ERRORS.invitationExpired });
    const unknown = await t.app.inject({ url: '/api/invitations/verify/nada' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: SERVER_ERRORS.invitationInvalid });
    const tooLong = await t.app.inject({ url: `/api/invitations/verify/${'x'.repeat(201)}` });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(MSG.tokenRequired);
  });
});

describe('DELETE /api/invitations/:id', () => {
  it('revokes a pending invitation, whose link then stops working', async () => {
    const inv = await createInvitation(t.app);
    const res = await asAdmin('DELETE', `/api/invitations/${inv.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: SERVER_SUCCESS.invitationRevoked });
    expect((await t.app.inject({ url: `/api/invitations/verify/${inv.token}` })).statusCode).toBe(
      404,
    );
  });

  it('refuses accepted, expired and unknown invitations, and bad ids', async () => {
    for (const inv of [
      await createInvitation(t.app, { acceptedAt: isoFromNow(-1) }),
      await createInvitation(t.app, { expiresAt: isoFromNow(-1) }),
    ]) {
      const res = await asAdmin('DELETE', `/api/invitations/${inv.id}`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: SERVER_ERRORS.invitationNotPending });
    }
    const unknown = await asAdmin('DELETE', '/api/invitations/999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: SERVER_ERRORS.invitationNotFound });
    for (const id of ['abc', '-1', '0', '1.5']) {
      const res = await asAdmin('DELETE', `/api/invitations/${id}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'ID inválido.',
        errors: [{ field: 'id', message: 'ID inválido.' }],
      });
    }
  });
});

describe('when the mail server is down', () => {
  it('keeps the invitations, names the addresses not mailed, and resends once it is back', async () => {
    const receiver = await startSmtpReceiver();
    const own = await buildTestApp({ smtpUrl: receiver.url });
    try {
      const boss = await createUser(own.app, { role: 'admin' });
      await receiver.stop();
      const res = await send(
        [
          { email: 'uno@example.org', role: 'usuario' },
          { email: 'dos@example.org', role: 'scouter' },
        ],
        own.app,
        boss.headers,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        message: `Se enviaron 0 invitaciones. ${SERVER_SUCCESS.invitationsNotMailed(['uno@example.org', 'dos@example.org'])}`,
        results: {
          sent: [],
          errors: [
            { email: 'uno@example.org', error: SERVER_ERRORS.invitationMailFailed },
            { email: 'dos@example.org', error: SERVER_ERRORS.invitationMailFailed },
          ],
        },
      });
      expect(res.json().message).toContain(
        'No se pudo enviar el email a uno@example.org, dos@example.org',
      );
      const list = (
        await own.app.inject({ url: '/api/invitations', headers: boss.headers })
      ).json();
      expect(list.map((i: { email: string; status: string }) => [i.email, i.status])).toEqual([
        ['dos@example.org', 'pending'],
        ['uno@example.org', 'pending'],
      ]);
      const uno = list.find((i: { email: string }) => i.email === 'uno@example.org');

      // Still down: the resend fails and says so; nothing changes.
      const failed = await own.app.inject({
        method: 'POST',
        url: `/api/invitations/${uno.id}/resend`,
        headers: boss.headers,
      });
      expect(failed.statusCode).toBe(502);
      expect(failed.json()).toEqual({ message: SERVER_ERRORS.invitationResendFailed });

      // Back up: the resend mails a working link with the invitation's role.
      await receiver.start();
      const ok = await own.app.inject({
        method: 'POST',
        url: `/api/invitations/${uno.id}/resend`,
        headers: boss.headers,
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ message: 'Invitación reenviada a uno@example.org.' });
      // The queue stops trying the first mail of uno (its link is dead now), not that of dos.
      const queued = await own.app.ctx.db.kysely
        .selectFrom('mail_queue')
        .select(['recipient', 'next_attempt_at', 'sent_at'])
        .execute();
      expect(queued.find((r) => r.recipient === 'uno@example.org')).toMatchObject({
        next_attempt_at: null,
        sent_at: null,
      });
      expect(queued.find((r) => r.recipient === 'dos@example.org')?.next_attempt_at).not.toBeNull();
      const mail = await receiver.waitFor('uno@example.org');
      expect(mail.subject).toBe('Invitación a Grupo Scout Fogata 1');
      const token = new URL(linkIn(mail.text, LINK)).searchParams.get('invitation')!;
      const reg = await own.app.inject({
        method: 'POST',
        url: '/api/auth/register-invited',
        payload: { token, name: 'Uno', password: 'clave-de-uno-1' },
      });
      expect(reg.statusCode).toBe(201);
      expect(reg.json().user).toMatchObject({ email: 'uno@example.org', role: 'usuario' });
    } finally {
      await own.close();
      await receiver.close();
    }
  });
});

describe('POST /api/invitations/:id/resend', () => {
  it('mails a new link, valid for the full time again, and the old link stops working', async () => {
    const inv = await createInvitation(t.app, {
      email: 'reenvio@example.org',
      role: 'scouter',
      createdAt: isoFromNow(-5 * 86_400_000),
      expiresAt: isoFromNow(3600_000),
    });
    const before = Date.now();
    const res = await asAdmin('POST', `/api/invitations/${inv.id}/resend`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: SERVER_SUCCESS.invitationResent('reenvio@example.org') });
    const mail = await smtp.waitFor('reenvio@example.org');
    expect(mail.text).toContain('7 días');
    expect(mail.text).toContain('Scouter');
    const link = linkIn(mail.text, LINK);
    expect(mail.html).toContain(link);
    const token = new URL(link).searchParams.get('invitation')!;
    expect(token).not.toBe(inv.token);

    expect((await t.app.inject({ url: `/api/invitations/verify/${inv.token}` })).statusCode).toBe(
      404,
    );
    const verify = await t.app.inject({ url: `/api/invitations/verify/${token}` });
    expect(verify.json()).toEqual({ email: 'reenvio@example.org', role: 'scouter' });

    const list = (await t.app.inject({ url: '/api/invitations', headers: admin.headers })).json();
    const row = list.find((i: { id: number }) => i.id === inv.id);
    expect(row.status).toBe('pending');
    expect(new Date(row.expires_at).getTime()).toBeGreaterThanOrEqual(
      before + 7 * 86_400_000 - 1000,
    );
    expect(new Date(row.created_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('refuses accepted, expired and unknown invitations, and bad ids', async () => {
    for (const inv of [
      await createInvitation(t.app, { acceptedAt: isoFromNow(-1) }),
      await createInvitation(t.app, { expiresAt: isoFromNow(-1) }),
    ]) {
      const res = await asAdmin('POST', `/api/invitations/${inv.id}/resend`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: SERVER_ERRORS.invitationNotResendable });
    }
    const unknown = await asAdmin('POST', '/api/invitations/999999/resend');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: SERVER_ERRORS.invitationNotFound });
    const bad = await asAdmin('POST', '/api/invitations/abc/resend');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('ID inválido.');
  });

  it('returns the new link in outbox mode', async () => {
    const outbox = await buildTestApp();
    try {
      const boss = await createUser(outbox.app, { role: 'admin' });
      const inv = await createInvitation(outbox.app, { email: 'buzon2@example.org' });
      const res = await outbox.app.inject({
        method: 'POST',
        url: `/api/invitations/${inv.id}/resend`,
        headers: boss.headers,
      });
      expect(res.statusCode).toBe(200);
      const { message, link } = res.json();
      expect(message).toBe('Invitación reenviada a buzon2@example.org.');
      expect(link).toMatch(
        new RegExp(`^${TEST_PUBLIC_URL}/register\\?invitation=[A-Za-z0-9_-]{43}$`),
      );
      const files = readdirSync(join(outbox.config.dataDir, 'outbox'));
      expect(files).toHaveLength(1);
      const verify = await outbox.app.inject({
        url: `/api/invitations/verify/${new URL(link).searchParams.get('invitation')}`,
      });
      expect(verify.json()).toEqual({ email: 'buzon2@example.org', role: 'usuario' });
    } finally {
      await outbox.close();
    }
  });
});
