import { ADMIN_PANEL_MESSAGES, MSG, SERVER_ERRORS } from '@fogata/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import {
  assignScouter,
  createChildRow,
  guardedBy,
  sectionId,
} from '../../test/family-factories.js';
import { startOidcProvider, type TestOidcProvider } from '../../test/oidc-provider.js';
import { linkIn, type SmtpReceiver, startSmtpReceiver } from '../../test/smtp.js';
import { InvitationsService } from './invitations.service.js';

/*
 * Invitations that carry children (decision 050): the family registers already linked,
 * by password and by the external provider, in the transaction that creates the account.
 */

const LINK = /http:\/\/fogata\.test\/register\?invitation=[A-Za-z0-9_-]+/;

let t: TestApp;
let smtp: SmtpReceiver;
let op: TestOidcProvider;
let admin: TestUser;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  op = await startOidcProvider();
  t = await buildTestApp({
    smtpUrl: smtp.url,
    oidc: { issuer: op.issuer, clientId: op.clientId, cooldownMs: 2000 },
  });
  admin = await createUser(t.app, { role: 'admin', name: 'Marta' });
});
afterAll(async () => {
  await t.close();
  await op.close();
  await smtp.close();
});

function send(invitations: unknown, headers = admin.headers) {
  return t.app.inject({
    method: 'POST',
    url: '/api/invitations',
    headers,
    payload: { invitations },
  });
}

async function listed(email: string) {
  const res = await t.app.inject({
    url: `/api/invitations?q=${encodeURIComponent(email)}`,
    headers: admin.headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json().find((i: { email: string }) => i.email === email);
}

async function tokenFrom(email: string): Promise<{ token: string; text: string; html: string }> {
  const mail = await smtp.waitFor(email);
  const link = linkIn(mail.text, LINK);
  return { token: new URL(link).searchParams.get('invitation')!, text: mail.text, html: mail.html };
}

describe('an invitation carrying children', () => {
  it('lists its children, mails how many but no name, and links them on registration', async () => {
    const ana = await createChildRow(t.app, { name: 'Ana Ruiz Solana', section: 'Manada' });
    const leo = await createChildRow(t.app, { name: 'Leo Ruiz Solana', section: 'Unidad' });
    const res = await send([
      { email: 'familia.ruiz@example.org', role: 'usuario', children: [leo.id, ana.id] },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual({
      sent: [{ email: 'familia.ruiz@example.org' }],
      errors: [],
    });

    const inv = await listed('familia.ruiz@example.org');
    expect(inv.status).toBe('pending');
    expect(inv.children).toEqual([
      {
        id: ana.id,
        full_name: 'Ana Ruiz Solana',
        section: { id: await sectionId(t.app, 'Manada'), name: 'Manada', colour: '#b45309' },
      },
      {
        id: leo.id,
        full_name: 'Leo Ruiz Solana',
        section: { id: await sectionId(t.app, 'Unidad'), name: 'Unidad', colour: '#b91c1c' },
      },
    ]);

    const { token, text, html } = await tokenFrom('familia.ruiz@example.org');
    // A mail can be forwarded: it says how many children, never who.
    expect(text).toContain(
      'Tu cuenta quedará vinculada a 2 educandos del grupo: verás sus nombres en «Mis educandos» al entrar.',
    );
    for (const body of [text, html]) {
      expect(body).not.toContain('Ruiz');
      expect(body).not.toContain('Ana');
      expect(body).not.toContain('Leo ');
    }

    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register-invited',
      payload: { token, name: 'Familia Ruiz', password: 'clave-de-los-ruiz' },
    });
    expect(reg.statusCode).toBe(201);
    expect(await guardedBy(t.app, reg.json().user.id)).toEqual(
      [ana.id, leo.id].sort((a, b) => a - b),
    );
    expect((await listed('familia.ruiz@example.org')).status).toBe('accepted');
  });

  it('links them on a first external sign-in too', async () => {
    const child = await createChildRow(t.app, { name: 'Iker Gil Mora', section: 'Clan' });
    const res = await send([
      { email: 'familia.gil@example.org', role: 'usuario', children: [child.id] },
    ]);
    expect(res.statusCode).toBe(200);
    const { text } = await tokenFrom('familia.gil@example.org');
    expect(text).toContain(
      'Tu cuenta quedará vinculada a 1 educando del grupo: verás su nombre en «Mis educandos» al entrar.',
    );
    const nonce = (await t.app.inject({ url: '/api/auth/google/nonce' })).json().nonce;
    op.accounts.set('familia.gil@example.org', { name: 'Familia Gil' });
    const signIn = await op.signIn('familia.gil@example.org', nonce);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/google',
      payload: { token: signIn.id_token },
    });
    expect(login.statusCode).toBe(200);
    expect(await guardedBy(t.app, login.json().user.id)).toEqual([child.id]);
  });

  it('says nothing of children when it carries none (the usual body, unchanged)', async () => {
    const res = await send([{ email: 'sin.familia@example.org', role: 'scouter' }]);
    expect(res.statusCode).toBe(200);
    const { text, token } = await tokenFrom('sin.familia@example.org');
    expect(text).not.toContain('educando');
    expect((await listed('sin.familia@example.org')).children).toEqual([]);
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register-invited',
      payload: { token, name: 'Scouter', password: 'clave-del-scouter' },
    });
    expect(reg.statusCode).toBe(201);
    expect(await guardedBy(t.app, reg.json().user.id)).toEqual([]);
  });

  it("re-inviting replaces a pending invitation's children", async () => {
    const first = await createChildRow(t.app, { name: 'Primera Opción' });
    const second = await createChildRow(t.app, { name: 'Segunda Opción' });
    expect(
      (await send([{ email: 'repetida@example.org', role: 'usuario', children: [first.id] }]))
        .statusCode,
    ).toBe(200);
    await smtp.waitFor('repetida@example.org');
    expect(
      (await send([{ email: 'repetida@example.org', role: 'usuario', children: [second.id] }]))
        .statusCode,
    ).toBe(200);
    const all = await t.app.inject({ url: '/api/invitations?q=repetida', headers: admin.headers });
    expect(all.json()).toHaveLength(1);
    expect(all.json()[0].children.map((c: { id: number }) => c.id)).toEqual([second.id]);
    const rows = await t.app.ctx.db.kysely
      .selectFrom('invitation_children')
      .select('child_id')
      .where('child_id', 'in', [first.id, second.id])
      .execute();
    expect(rows.map((r) => r.child_id)).toEqual([second.id]);
  });

  it('refuses a child that does not exist, and creates nothing', async () => {
    const res = await send([
      { email: 'nadie.crea@example.org', role: 'usuario', children: [2_000_000] },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: ADMIN_PANEL_MESSAGES.invitationChildNotFound });
    expect(await listed('nadie.crea@example.org')).toBeUndefined();
  });

  it('validates the children with Spanish messages', async () => {
    const bad = await send([{ email: 'mala@example.org', role: 'usuario', children: ['uno'] }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(ADMIN_PANEL_MESSAGES.invitationChildrenInvalid);
    const many = await send([
      {
        email: 'muchos@example.org',
        role: 'usuario',
        children: Array.from({ length: 11 }, (_, i) => i + 1),
      },
    ]);
    expect(many.statusCode).toBe(400);
    expect(many.body).toContain(ADMIN_PANEL_MESSAGES.invitationChildrenTooMany);
    const noEmail = await send([{ role: 'usuario', children: [] }]);
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.body).toContain(MSG.emailRequired);
  });

  it("is the admin panel's: a scouter cannot send one", async () => {
    const scouter = await createUser(t.app, { role: 'scouter' });
    const child = await createChildRow(t.app);
    const res = await send(
      [{ email: 'de.scouter@example.org', role: 'usuario', children: [child.id] }],
      scouter.headers,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: SERVER_ERRORS.adminOnly });
  });

  it('lets only a manager of each child attach it (the rule under the route)', async () => {
    const scouter = await createUser(t.app, { role: 'scouter' });
    await assignScouter(t.app, scouter.row.id, 'Manada');
    const own = await createChildRow(t.app, { section: 'Manada' });
    const other = await createChildRow(t.app, { section: 'Clan' });
    const service = new InvitationsService(t.app.ctx);
    await expect(
      service.send(scouter.row, {
        invitations: [
          { email: 'ajena@example.org', role: 'usuario', children: [own.id, other.id] },
        ],
      }),
    ).rejects.toMatchObject({
      statusCode: 403,
      message: ADMIN_PANEL_MESSAGES.invitationChildNotManaged,
    });
    const member = await createUser(t.app);
    await expect(
      service.send(member.row, {
        invitations: [{ email: 'de.familia@example.org', role: 'usuario', children: [own.id] }],
      }),
    ).rejects.toMatchObject({ statusCode: 403 });
    const ok = await service.send(scouter.row, {
      invitations: [{ email: 'propia@example.org', role: 'usuario', children: [own.id] }],
    });
    expect(ok.results.sent).toEqual([{ email: 'propia@example.org' }]);
    expect((await listed('propia@example.org')).children.map((c: { id: number }) => c.id)).toEqual([
      own.id,
    ]);
  });
});
