import { MY_DATA_MESSAGES, SERVER_ERRORS } from '@fogata/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signSession } from '../../lib/session-token.js';
import { buildTestApp, type TestApp } from '../../test/build-app.js';
import { createExperience, createNews } from '../../test/content-factories.js';
import {
  createInvitation,
  createUser,
  isoFromNow,
  PASSWORD,
  type TestUser,
} from '../../test/factories.js';
import {
  countQueries,
  createAlbum,
  createComment,
  createLike,
  createPhoto,
} from '../../test/gallery-factories.js';
import { startOidcProvider, type TestOidcProvider } from '../../test/oidc-provider.js';

let op: TestOidcProvider;
let t: TestApp;

beforeAll(async () => {
  op = await startOidcProvider();
  t = await buildTestApp({
    oidc: { issuer: op.issuer, clientId: op.clientId, cooldownMs: 2000 },
  });
});
afterAll(async () => {
  await t.close();
  await op.close();
});

const exportOf = (user: TestUser, app = t.app) =>
  app.inject({ url: '/api/profile/me/export', headers: user.headers });

const deleteMe = (user: TestUser, payload: Record<string, unknown>, app = t.app) =>
  app.inject({ method: 'DELETE', url: '/api/profile/me', headers: user.headers, payload });

async function newNonce(): Promise<string> {
  const res = await t.app.inject({ url: '/api/auth/google/nonce' });
  return res.json().nonce;
}

describe('GET /api/profile/me/export', () => {
  it("gives the member's own data as a dated JSON download, and nobody else's", async () => {
    const me = await createUser(t.app, { name: 'Lucía Pérez' });
    const other = await createUser(t.app, { name: 'Otra Persona Secreta' });
    await createInvitation(t.app, {
      email: me.email,
      role: 'usuario',
      createdAt: '2026-01-02T10:00:00.000Z',
      acceptedAt: '2026-01-03T10:00:00.000Z',
    });
    // Another member's accepted invitation never appears.
    await createInvitation(t.app, { email: other.email, acceptedAt: isoFromNow(-1000) });

    const album = await createAlbum(t.app, { title: 'Acampada de otoño' });
    const photo = await createPhoto(t.app, album.id);
    const hiddenPhoto = await createPhoto(t.app, album.id);
    const othersPhoto = await createPhoto(t.app, album.id);
    const draft = await createAlbum(t.app, { title: 'Borrador secreto' });
    const draftPhoto = await createPhoto(t.app, draft.id);
    await t.app.ctx.db.kysely
      .updateTable('albums')
      .set({ status: 'draft' })
      .where('id', '=', draft.id)
      .execute();
    const news = await createNews(t.app, { title: 'Noticia de la ronda' });
    const exp = await createExperience(t.app, { title: 'Ruta por la sierra' });

    await createLike(t.app, 'photo', photo.id, me.row.id);
    await createLike(t.app, 'news', news.id, me.row.id);
    await createLike(t.app, 'experience', exp.id, me.row.id);
    await createLike(t.app, 'photo', draftPhoto.id, me.row.id);
    const c1 = await createComment(t.app, 'news', news.id, me.row.id, { text: '¡Qué bien!' });
    const c2 = await createComment(t.app, 'photo', photo.id, me.row.id, { text: 'Preciosa' });
    await createLike(t.app, 'news', news.id, other.row.id);
    await createComment(t.app, 'news', news.id, other.row.id, { text: 'Texto de otra persona' });

    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/photos/${hiddenPhoto.id}/removal-request`,
      headers: me.headers,
      payload: { reason: 'Sale mi hija' },
    });
    expect(asked.statusCode).toBe(201);
    const otherAsked = await t.app.inject({
      method: 'POST',
      url: `/api/photos/${othersPhoto.id}/removal-request`,
      headers: other.headers,
      payload: { reason: 'Motivo de otra persona' },
    });
    expect(otherAsked.statusCode).toBe(201);
    // My like on the photo someone else then hid.
    await createLike(t.app, 'photo', hiddenPhoto.id, me.row.id);

    const res = await exportOf(me);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-store');
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="fogata-mis-datos-${today}.json"`,
    );
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual([
      'account',
      'authorizations',
      'children',
      'comments',
      'exported_at',
      'group',
      'invitations',
      'likes',
      'removal_requests',
    ]);
    expect(body.account).toEqual({
      id: me.row.id,
      name: 'Lucía Pérez',
      email: me.email,
      role: 'usuario',
      avatar_url: null,
      created_at: me.row.created_at,
      password_changed_at: null,
      sign_in: 'password',
    });
    expect(body.likes).toEqual([
      {
        target_type: 'photo',
        target_id: photo.id,
        target_title: 'Acampada de otoño',
        album_id: album.id,
        created_at: expect.any(String),
      },
      {
        target_type: 'news',
        target_id: news.id,
        target_title: 'Noticia de la ronda',
        album_id: null,
        created_at: expect.any(String),
      },
      {
        target_type: 'experience',
        target_id: exp.id,
        target_title: 'Ruta por la sierra',
        album_id: null,
        created_at: expect.any(String),
      },
      // A draft's or a hidden photo's album is not named to a member who cannot see it.
      {
        target_type: 'photo',
        target_id: draftPhoto.id,
        target_title: null,
        album_id: null,
        created_at: expect.any(String),
      },
      {
        target_type: 'photo',
        target_id: hiddenPhoto.id,
        target_title: null,
        album_id: null,
        created_at: expect.any(String),
      },
    ]);
    expect(body.comments).toEqual([
      expect.objectContaining({
        id: c1,
        target_type: 'news',
        target_id: news.id,
        target_title: 'Noticia de la ronda',
        comment_text: '¡Qué bien!',
      }),
      expect.objectContaining({
        id: c2,
        target_type: 'photo',
        target_id: photo.id,
        target_title: 'Acampada de otoño',
        album_id: album.id,
        comment_text: 'Preciosa',
      }),
    ]);
    expect(body.removal_requests).toEqual([
      {
        id: asked.json().request.id,
        photo_id: hiddenPhoto.id,
        album_id: album.id,
        album_title: 'Acampada de otoño',
        reason: 'Sale mi hija',
        status: 'pending',
        resolution_note: null,
        created_at: expect.any(String),
        resolved_at: null,
      },
    ]);
    expect(body.invitations).toEqual({
      received: {
        email: me.email,
        role: 'usuario',
        created_at: '2026-01-02T10:00:00.000Z',
        accepted_at: '2026-01-03T10:00:00.000Z',
      },
      sent: [],
    });
    // No secret and nothing of the other member.
    const raw = res.body;
    for (const absent of [
      'password_hash',
      'token_hash',
      other.email,
      'Otra Persona Secreta',
      'Texto de otra persona',
      'Motivo de otra persona',
      'Borrador secreto',
      other.token,
      me.token,
    ]) {
      expect(raw).not.toContain(absent);
    }
  });

  it('lists the invitations an admin sent, with the addresses they entered and how each stands', async () => {
    const admin = await createUser(t.app, { role: 'admin' });
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/invitations',
      headers: admin.headers,
      payload: {
        invitations: [
          { email: 'nueva.familia@example.org', role: 'usuario' },
          { email: 'nuevo.scouter@example.org', role: 'scouter' },
        ],
      },
    });
    expect(sent.statusCode).toBe(200);
    // A second admin's invitations are theirs, not this one's.
    const other = await createUser(t.app, { role: 'admin' });
    await t.app.inject({
      method: 'POST',
      url: '/api/invitations',
      headers: other.headers,
      payload: { invitations: [{ email: 'de.otro.admin@example.org', role: 'usuario' }] },
    });
    const res = await exportOf(admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.invitations.received).toBeNull();
    expect(
      body.invitations.sent.map((s: { email: string; role: string; status: string }) => [
        s.email,
        s.role,
        s.status,
      ]),
    ).toEqual([
      ['nueva.familia@example.org', 'usuario', 'pending'],
      ['nuevo.scouter@example.org', 'scouter', 'pending'],
    ]);
    expect(res.body).not.toContain('de.otro.admin@example.org');
    expect(res.body).not.toContain('token');
  });

  it('runs a fixed number of queries however much the member did', async () => {
    const few = await createUser(t.app);
    const many = await createUser(t.app);
    const album = await createAlbum(t.app);
    const news = await createNews(t.app);
    await createLike(t.app, 'news', news.id, few.row.id);
    await createComment(t.app, 'news', news.id, few.row.id);
    // One photo liked, so both ask which photos they see (one query for all of them).
    await createLike(t.app, 'photo', (await createPhoto(t.app, album.id)).id, few.row.id);
    for (let i = 0; i < 12; i++) {
      const p = await createPhoto(t.app, album.id);
      await createLike(t.app, 'photo', p.id, many.row.id);
      await createComment(t.app, 'photo', p.id, many.row.id);
    }
    const a = await countQueries(t.app, () => exportOf(few));
    const b = await countQueries(t.app, () => exportOf(many));
    expect(a.result.statusCode).toBe(200);
    expect(b.result.json().likes).toHaveLength(12);
    expect(b.result.json().comments).toHaveLength(12);
    expect(b.queries).toBe(a.queries);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ url: '/api/profile/me/export' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: SERVER_ERRORS.unauthenticated });
  });
});

describe('DELETE /api/profile/me', () => {
  it('refuses a missing or wrong password with the message under the field, never a 500', async () => {
    const me = await createUser(t.app);
    const missing = await deleteMe(me, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      message: MY_DATA_MESSAGES.passwordRequired,
      errors: [{ field: 'password', message: MY_DATA_MESSAGES.passwordRequired }],
    });
    const wrong = await deleteMe(me, { password: 'no-es-esta' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      message: MY_DATA_MESSAGES.wrongPassword,
      errors: [{ field: 'password', message: MY_DATA_MESSAGES.wrongPassword }],
    });
    const odd = await deleteMe(me, { password: 42 });
    expect(odd.statusCode).toBe(400);
    const noBody = await t.app.inject({
      method: 'DELETE',
      url: '/api/profile/me',
      headers: me.headers,
    });
    expect(noBody.statusCode).toBe(400);
    // Still there.
    expect((await t.app.inject({ url: '/api/profile/me', headers: me.headers })).statusCode).toBe(
      200,
    );
  });

  it('deletes the account, its likes and comments; keeps what the group owns; ends the session', async () => {
    const me = await createUser(t.app, { role: 'scouter', name: 'Sara Scouter' });
    const other = await createUser(t.app);
    await createInvitation(t.app, {
      email: me.email,
      role: 'scouter',
      acceptedAt: isoFromNow(-5000),
    });
    const album = await createAlbum(t.app, { title: 'Álbum de Sara' });
    const photo = await createPhoto(t.app, album.id);
    const news = await createNews(t.app, { title: 'Noticia de Sara' });
    const db = t.app.ctx.db.kysely;
    await db
      .updateTable('albums')
      .set({ created_by: me.row.id })
      .where('id', '=', album.id)
      .execute();
    await db
      .updateTable('photos')
      .set({ uploaded_by: me.row.id })
      .where('id', '=', photo.id)
      .execute();
    await db.updateTable('news').set({ created_by: me.row.id }).where('id', '=', news.id).execute();
    await createLike(t.app, 'news', news.id, me.row.id);
    await createLike(t.app, 'news', news.id, other.row.id);
    await createComment(t.app, 'news', news.id, me.row.id, { text: 'Comentario de Sara' });
    await createComment(t.app, 'news', news.id, other.row.id, { text: 'Comentario que se queda' });
    await createLike(t.app, 'photo', photo.id, me.row.id);
    await createComment(t.app, 'photo', photo.id, me.row.id);
    // A pending request of a member who leaves: the photo stays hidden until the team decides.
    const hidden = await createPhoto(t.app, album.id);
    const asker = await createUser(t.app);
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/photos/${hidden.id}/removal-request`,
      headers: asker.headers,
      payload: {},
    });
    expect(asked.statusCode).toBe(201);

    const before = (await t.app.inject({ url: `/api/news/${news.id}` })).json();
    expect([before.likes_count, before.comments_count]).toEqual([2, 2]);
    const albumBefore = (
      await t.app.inject({ url: `/api/albums/${album.id}`, headers: other.headers })
    ).json();
    expect([albumBefore.likes_count, albumBefore.comments_count]).toEqual([1, 1]);

    const res = await deleteMe(me, { password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MY_DATA_MESSAGES.accountDeleted });

    // The old token is refused at once, and the password no longer signs in.
    const after = await t.app.inject({ url: '/api/profile/me', headers: me.headers });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: SERVER_ERRORS.invalidToken });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: me.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(401);
    expect(login.json()).toEqual({ message: SERVER_ERRORS.invalidCredentials });

    // Comments and likes removed; the counts say so; the other member's stay.
    const newsAfter = (await t.app.inject({ url: `/api/news/${news.id}` })).json();
    expect([newsAfter.likes_count, newsAfter.comments_count]).toEqual([1, 1]);
    const comments = (await t.app.inject({ url: `/api/news/${news.id}/comments` })).json();
    expect(comments.map((c: { comment_text: string }) => c.comment_text)).toEqual([
      'Comentario que se queda',
    ]);
    const albumAfter = (
      await t.app.inject({ url: `/api/albums/${album.id}`, headers: other.headers })
    ).json();
    expect([albumAfter.likes_count, albumAfter.comments_count]).toEqual([0, 0]);
    const left = await db
      .selectFrom('comments')
      .select('id')
      .where('user_id', '=', me.row.id)
      .union(db.selectFrom('likes').select('id').where('user_id', '=', me.row.id))
      .execute();
    expect(left).toEqual([]);

    // The group's content stays, without the reference.
    const albumRow = await db
      .selectFrom('albums')
      .select('created_by')
      .where('id', '=', album.id)
      .executeTakeFirst();
    const photoRow = await db
      .selectFrom('photos')
      .select('uploaded_by')
      .where('id', '=', photo.id)
      .executeTakeFirst();
    const newsRow = await db
      .selectFrom('news')
      .select('created_by')
      .where('id', '=', news.id)
      .executeTakeFirst();
    expect([albumRow?.created_by, photoRow?.uploaded_by, newsRow?.created_by]).toEqual([
      null,
      null,
      null,
    ]);
    // Their invitation went with them; the hidden photo of another's pending request is untouched.
    const inv = await db
      .selectFrom('invitations')
      .select('id')
      .where('email', '=', me.email)
      .execute();
    expect(inv).toEqual([]);
    const hiddenRow = await db
      .selectFrom('photos')
      .select('hidden_at')
      .where('id', '=', hidden.id)
      .executeTakeFirst();
    expect(hiddenRow?.hidden_at).not.toBeNull();

    // In the audit trail, by the member themself.
    const entry = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'user.deleted')
      .where('target_id', '=', me.row.id)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      actor_id: me.row.id,
      actor_name: 'Sara Scouter',
      target_type: 'user',
      target_label: 'Sara Scouter',
    });
    expect(JSON.parse(entry.details ?? '{}')).toEqual({
      email: me.email,
      role: 'scouter',
      by: 'self',
    });
  });

  it("keeps a leaving member's pending request open and its photo hidden", async () => {
    const me = await createUser(t.app);
    const admin = await createUser(t.app, { role: 'admin' });
    const album = await createAlbum(t.app);
    const photo = await createPhoto(t.app, album.id);
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/photos/${photo.id}/removal-request`,
      headers: me.headers,
      payload: { reason: 'Sale mi hijo' },
    });
    expect(asked.statusCode).toBe(201);
    expect((await deleteMe(me, { password: PASSWORD })).statusCode).toBe(200);
    const db = t.app.ctx.db.kysely;
    const req = await db
      .selectFrom('photo_removal_requests')
      .select(['status', 'requested_by', 'reason'])
      .where('photo_id', '=', photo.id)
      .executeTakeFirstOrThrow();
    expect(req).toEqual({ status: 'pending', requested_by: null, reason: 'Sale mi hijo' });
    const row = await db
      .selectFrom('photos')
      .select('hidden_at')
      .where('id', '=', photo.id)
      .executeTakeFirstOrThrow();
    expect(row.hidden_at).not.toBeNull();
    // The team still sees it in its list.
    const list = await t.app.inject({ url: '/api/removal-requests', headers: admin.headers });
    expect(list.json().some((r: { photo_id: number | null }) => r.photo_id === photo.id)).toBe(
      true,
    );
  });

  it('an account without a password confirms with a fresh external sign-in of the same address', async () => {
    const me = await createUser(t.app, { email: 'solo.google@example.org' });
    const db = t.app.ctx.db.kysely;
    const row = await db
      .updateTable('users')
      .set({ password_hash: null })
      .where('id', '=', me.row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    // A session signed with no password (as a Google sign-in opens it).
    me.headers = { authorization: `Bearer ${await signSession(row, t.app.ctx.jwtKey)}` };

    const withPassword = await deleteMe(me, { password: 'lo-que-sea' });
    expect(withPassword.statusCode).toBe(400);
    expect(withPassword.json().message).toBe(MY_DATA_MESSAGES.noPassword);

    // Another address's sign-in does not count.
    const othersSignIn = await op.signIn('otra.cuenta@example.org', await newNonce());
    const wrongAccount = await deleteMe(me, { idToken: othersSignIn.id_token });
    expect(wrongAccount.statusCode).toBe(403);
    expect(wrongAccount.json()).toEqual({ message: MY_DATA_MESSAGES.externalOtherAccount });

    // An old sign-in (issued 10 minutes ago) does not count either.
    const stale = await op.sign({
      iss: op.issuer,
      aud: op.clientId,
      sub: 'sujeto-solo-google',
      email: me.email,
      email_verified: true,
      nonce: await newNonce(),
      iat: Math.floor(Date.now() / 1000) - 600,
      exp: Math.floor(Date.now() / 1000) + 600,
    });
    const staleRes = await deleteMe(me, { idToken: stale });
    expect(staleRes.statusCode).toBe(400);
    expect(staleRes.json()).toEqual({ message: MY_DATA_MESSAGES.externalStale });

    // A forged or replayed token: 400 (never 401, which would sign the page out).
    const fresh = await op.signIn(me.email, await newNonce());
    const garbage = await deleteMe(me, { idToken: 'no.es.un-token' });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json()).toEqual({ message: SERVER_ERRORS.externalTokenInvalid });

    const ok = await deleteMe(me, { idToken: fresh.id_token });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: MY_DATA_MESSAGES.accountDeleted });
    expect((await t.app.inject({ url: '/api/profile/me', headers: me.headers })).statusCode).toBe(
      401,
    );
    // The same token again: its nonce is spent (and the account is gone anyway).
    const replay = await deleteMe(me, { idToken: fresh.id_token });
    expect(replay.statusCode).toBe(401);
  });
});

describe('the last admin', () => {
  let a: TestApp;
  beforeAll(async () => {
    a = await buildTestApp();
  });
  afterAll(() => a.close());

  it('cannot delete their account; of two admins leaving at once, one is refused', async () => {
    const only = await createUser(a.app, { role: 'admin' });
    const alone = await deleteMe(only, { password: PASSWORD }, a.app);
    expect(alone.statusCode).toBe(409);
    expect(alone.json()).toEqual({ message: MY_DATA_MESSAGES.lastAdmin });

    const second = await createUser(a.app, { role: 'admin' });
    const results = await Promise.all([
      deleteMe(only, { password: PASSWORD }, a.app),
      deleteMe(second, { password: PASSWORD }, a.app),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json()).toEqual({
      message: MY_DATA_MESSAGES.lastAdmin,
    });
    const admins = await a.app.ctx.db.kysely
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'admin')
      .execute();
    expect(admins).toHaveLength(1);
  });

  it('the export is rate-limited with the Spanish message', async () => {
    const me = await createUser(a.app);
    const codes: number[] = [];
    for (let i = 0; i < 10; i++) codes.push((await exportOf(me, a.app)).statusCode);
    expect(codes.every((c) => c === 200)).toBe(true);
    const last = await exportOf(me, a.app);
    expect(last.statusCode).toBe(429);
    expect(last.json()).toEqual({ message: SERVER_ERRORS.tooManyRequests });
  });
});
